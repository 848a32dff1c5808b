package dev.keel.pipeline;

import dev.keel.core.InvalidInputException;
import dev.keel.core.spi.ToolSpec;
import dev.keel.core.text.Names;
import dev.keel.policy.ToolPlacement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The host tools a request offers the model ({@link GovernedRequest.Builder#tools}): each a {@link ToolSpec} the
 * model is shown and the {@link ToolExecutor} that runs it, or tools the caller runs itself
 * ({@link Builder#runByCaller}), and how many rounds of tool calls a turn may take.
 *
 * <p>A tool the caller runs is for a host whose own framework runs tools between model calls (langchain4j AI
 * Services): when the model asks for it and the gate allows the call, the turn ends with the call
 * ({@link TurnOutcome#TOOL_CALLS}, {@link GovernedAnswer#toolCalls()}, its arguments as the gate lets them leave), and
 * the caller sends the result in its next request ({@link GovernedRequest.Builder#toolExchange}), where the gate
 * labels it before any model sees it. A refused call is answered inside the turn, as for any tool. A request's tools
 * are run either by their executors or by the caller, never both, so that a turn never ends with results of its own
 * that the caller's next request would not carry.
 *
 * <p>Tools are given per request, not per pipeline: which tools a host offers, and what its executors close over
 * (the caller's account, the tenant's store), depend on the request, while who may call which tool is the policy's
 * and the same for every request. Offering a tool grants nothing: every call passes the policy's tool gate first, and
 * a tool the policy does not list is refused ({@code docs/tools.md}). The policy and the gate know a tool by its
 * name in canonical form ({@link Names#canonical}), so two tools whose names differ only in spelling (case, width,
 * separators) are one tool to them, and offering both is refused.
 *
 * <p><b>Where a tool runs.</b> The host may say where a tool it offers runs ({@link Builder#tool(ToolSpec,
 * ToolExecutor, ToolPlacement)}); unless it does, the policy's {@code placement} stands. The gate places the tool at
 * the stricter of the two, external beating internal: the policy is written once for every host, but only the host
 * knows that this executor sends its arguments outside (an MCP server it registered outside, a third party's API),
 * and a tool the policy wrongly calls internal would otherwise get its arguments sent out unfiltered, even from a
 * turn that must stay in the house. The host can make a tool stricter, never laxer.
 *
 * <p>Immutable and thread-safe when the executors are; the builder is not thread-safe.
 */
public final class Tools {

    /** How many rounds of tool calls a turn may take unless set. */
    public static final int DEFAULT_MAX_ROUNDS = 4;

    private static final Tools NONE = new Tools(Map.of(), DEFAULT_MAX_ROUNDS);

    private final Map<String, Offered> offered;
    private final int maxRounds;

    private Tools(Map<String, Offered> offered, int maxRounds) {
        this.offered = Collections.unmodifiableMap(new LinkedHashMap<>(offered));
        this.maxRounds = maxRounds;
    }

    /** No tools: the model is offered none. */
    public static Tools none() {
        return NONE;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The tools as the model is shown them, in the order added. */
    public List<ToolSpec> specs() {
        List<ToolSpec> specs = new ArrayList<>(offered.size());
        offered.values().forEach(tool -> specs.add(tool.spec()));
        return specs;
    }

    /**
     * The executor of the tool named {@code name} exactly as offered; empty when no such tool is offered or the
     * caller runs it.
     */
    public Optional<ToolExecutor> executor(String name) {
        return Optional.ofNullable(offered.get(name)).map(Offered::executor);
    }

    /**
     * Every tool the host placed, by name as offered, in the order added: what the gate takes the stricter of with
     * the policy's placement.
     */
    public Map<String, ToolPlacement> placements() {
        Map<String, ToolPlacement> placed = new LinkedHashMap<>();
        offered.forEach((name, tool) -> {
            if (tool.placement() != null) {
                placed.put(name, tool.placement());
            }
        });
        return Collections.unmodifiableMap(placed);
    }

    /** Whether the tool named {@code name} exactly is offered to be run by the caller ({@link Builder#runByCaller}). */
    public boolean runByCaller(String name) {
        Offered tool = offered.get(name);
        return tool != null && tool.executor() == null;
    }

    /**
     * How many rounds of tool calls a turn may take: after that many, the calls the model asks for are refused
     * ({@code tool_round_limit}) and it is asked for its answer without tools.
     */
    public int maxRounds() {
        return maxRounds;
    }

    public boolean isEmpty() {
        return offered.isEmpty();
    }

    @Override
    public String toString() {
        return "Tools{" + offered.keySet() + ", maxRounds=" + maxRounds + "}";
    }

    /** A tool, its executor (null when the caller runs it) and where the host says it runs (null: the policy's). */
    private record Offered(ToolSpec spec, @Nullable ToolExecutor executor, @Nullable ToolPlacement placement) {
    }

    /** Collects tools; not thread-safe. */
    public static final class Builder {
        private final Map<String, Offered> offered = new LinkedHashMap<>();
        /** The name each tool is offered under, by its canonical form. */
        private final Map<String, String> canonicalNames = new HashMap<>();
        private int maxRounds = DEFAULT_MAX_ROUNDS;

        private Builder() {
        }

        /**
         * Offers the tool {@code spec}, run by {@code executor}.
         *
         * @throws InvalidInputException when a tool of that name, in canonical form, is offered already
         */
        public Builder tool(ToolSpec spec, ToolExecutor executor) {
            return offer(spec, Objects.requireNonNull(executor, "executor"), null);
        }

        /**
         * Offers the tool {@code spec}, run by {@code executor} at {@code placement}: where the executor sends the
         * arguments. The gate places the tool at the stricter of this and the policy's placement, so
         * {@link ToolPlacement#EXTERNAL} makes it external whatever the policy says, and
         * {@link ToolPlacement#INTERNAL} leaves the policy's placement as it is.
         *
         * @throws InvalidInputException when a tool of that name, in canonical form, is offered already
         */
        public Builder tool(ToolSpec spec, ToolExecutor executor, ToolPlacement placement) {
            return offer(spec, Objects.requireNonNull(executor, "executor"),
                    Objects.requireNonNull(placement, "placement"));
        }

        /**
         * Offers the tool {@code spec}, run by the caller: a call of it the gate allows ends the turn with the call
         * ({@link TurnOutcome#TOOL_CALLS}), and the caller's next request carries its result.
         *
         * @throws InvalidInputException when a tool of that name, in canonical form, is offered already
         */
        public Builder runByCaller(ToolSpec spec) {
            return offer(spec, null, null);
        }

        /**
         * As {@link #runByCaller(ToolSpec)}, with where the caller runs the tool: the gate places it at the stricter
         * of this and the policy's placement, as for {@link #tool(ToolSpec, ToolExecutor, ToolPlacement)}.
         *
         * @throws InvalidInputException when a tool of that name, in canonical form, is offered already
         */
        public Builder runByCaller(ToolSpec spec, ToolPlacement placement) {
            return offer(spec, null, Objects.requireNonNull(placement, "placement"));
        }

        private Builder offer(ToolSpec spec, @Nullable ToolExecutor executor, @Nullable ToolPlacement placement) {
            Objects.requireNonNull(spec, "spec");
            // The policy and the gate know a tool by its canonical name: two spellings of one name would both take
            // its policy entry, each with its own executor and placement.
            String offeredAs = canonicalNames.putIfAbsent(Names.canonical(spec.name()), spec.name());
            if (offeredAs != null) {
                throw new InvalidInputException(offeredAs.equals(spec.name())
                        ? "the tool '" + spec.name() + "' is offered twice"
                        : "the tools '" + offeredAs + "' and '" + spec.name() + "' are one tool to the policy, which"
                                + " compares tool names in canonical form (" + Names.canonical(spec.name())
                                + "): offer each tool once, under one name");
            }
            offered.put(spec.name(), new Offered(spec, executor, placement));
            return this;
        }

        /**
         * How many rounds of tool calls a turn may take; {@link #DEFAULT_MAX_ROUNDS} unless set.
         *
         * @throws InvalidInputException when {@code rounds} is less than 1
         */
        public Builder maxRounds(int rounds) {
            if (rounds < 1) {
                throw new InvalidInputException("a turn with tools may take at least 1 round of tool calls, not "
                        + rounds);
            }
            this.maxRounds = rounds;
            return this;
        }

        /**
         * @throws InvalidInputException when some tools are run by executors and others by the caller
         */
        public Tools build() {
            long byCaller = offered.values().stream().filter(tool -> tool.executor() == null).count();
            if (byCaller > 0 && byCaller < offered.size()) {
                throw new InvalidInputException("a request's tools are run either by their executors or by the"
                        + " caller, not both: " + offered.keySet());
            }
            return new Tools(offered, maxRounds);
        }
    }
}
