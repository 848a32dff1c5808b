package dev.keel.pipeline;

import dev.keel.core.InvalidInputException;
import dev.keel.core.spi.ToolSpec;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The host tools a request offers the model ({@link GovernedRequest.Builder#tools}): each a {@link ToolSpec} the
 * model is shown and the {@link ToolExecutor} that runs it, and how many rounds of tool calls a turn may take.
 *
 * <p>Tools are given per request, not per pipeline: which tools a host offers, and what its executors close over
 * (the caller's account, the tenant's store), depend on the request, while who may call which tool is the policy's
 * and the same for every request. Offering a tool grants nothing: every call passes the policy's tool gate first, and
 * a tool the policy does not list is refused ({@code docs/tools.md}).
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

    /** The executor of the tool named {@code name} exactly as offered; empty when no such tool is offered. */
    public Optional<ToolExecutor> executor(String name) {
        return Optional.ofNullable(offered.get(name)).map(Offered::executor);
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

    private record Offered(ToolSpec spec, ToolExecutor executor) {
    }

    /** Collects tools; not thread-safe. */
    public static final class Builder {
        private final Map<String, Offered> offered = new LinkedHashMap<>();
        private int maxRounds = DEFAULT_MAX_ROUNDS;

        private Builder() {
        }

        /**
         * Offers the tool {@code spec}, run by {@code executor}.
         *
         * @throws InvalidInputException when a tool of that name is offered already
         */
        public Builder tool(ToolSpec spec, ToolExecutor executor) {
            Objects.requireNonNull(spec, "spec");
            Objects.requireNonNull(executor, "executor");
            if (offered.putIfAbsent(spec.name(), new Offered(spec, executor)) != null) {
                throw new InvalidInputException("the tool '" + spec.name() + "' is offered twice");
            }
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

        public Tools build() {
            return new Tools(offered, maxRounds);
        }
    }
}
