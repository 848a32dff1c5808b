package dev.keel.mcp;

import dev.keel.core.Decision;
import dev.keel.core.content.Part;
import dev.keel.evidence.DiscoveryPlan;
import dev.keel.evidence.DiscoveryPrimitive;
import dev.keel.evidence.PrimitiveRegistry;
import dev.keel.evidence.ProbeResult;
import dev.keel.evidence.ProbeStatus;
import dev.keel.policy.PolicyDecision;
import dev.keel.policy.ToolGate;
import dev.keel.policy.ToolResultVerdict;
import dev.keel.policy.ToolTurn;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/** The {@link McpDiscovery} that probes through the tool gate. Thread-safe: the mapping is fixed at construction. */
final class GatedDiscovery implements McpDiscovery {

    /** One primitive's tool and how its rows are read. */
    public record Mapping(String tool, ProbeReader reader) {

        public Mapping {
            Objects.requireNonNull(tool, "tool");
            Objects.requireNonNull(reader, "reader");
        }
    }

    private final McpToolSource source;
    private final Map<DiscoveryPrimitive, Mapping> mappings;
    private final PrimitiveRegistry registry;

    public GatedDiscovery(McpToolSource source, Map<DiscoveryPrimitive, Mapping> mappings) {
        this.source = Objects.requireNonNull(source, "source");
        this.mappings = Collections.unmodifiableMap(new LinkedHashMap<>(mappings));
        this.registry = PrimitiveRegistry.of(this.mappings.keySet());
    }

    @Override
    public PrimitiveRegistry registry() {
        return registry;
    }

    @Override
    public Optional<String> tool(DiscoveryPrimitive primitive) {
        Mapping mapping = mappings.get(primitive);
        return mapping == null ? Optional.empty() : Optional.of(mapping.tool());
    }

    @Override
    public McpDiscoveryRun run(ToolGate gate, ToolTurn turn, DiscoveryPlan plan,
            Function<DiscoveryPrimitive, Map<String, Object>> arguments) {
        Objects.requireNonNull(gate, "gate");
        Objects.requireNonNull(arguments, "arguments");
        Decision start = turn.decision().decision();
        if (!plan.isAllowed()) {
            return new McpDiscoveryRun(plan, List.of(), start);
        }
        List<McpProbe> probes = new ArrayList<>();
        ToolTurn current = turn;
        int budget = plan.executionBudget().maxProbeCount();
        int run = 0;
        for (DiscoveryPrimitive primitive : plan.allowedPrimitives()) {
            Mapping mapping = mappings.get(primitive);
            if (mapping == null || run >= budget) {
                probes.add(new McpProbe(primitive, mapping == null ? "" : mapping.tool(), McpProbe.Outcome.NOT_RUN,
                        null, null));
                continue;
            }
            run++;
            McpToolCall call = source.call(gate, current,
                    Part.ToolCall.of("probe-" + run, mapping.tool(), arguments.apply(primitive)));
            probes.add(probe(primitive, mapping, call));
            current = after(current, call);
        }
        Decision decision = start;
        for (McpProbe probe : probes) {
            if (probe.call() != null) {
                decision = decision.mostRestrictive(probe.call().decision());
            }
        }
        return new McpDiscoveryRun(plan, probes, decision);
    }

    private static McpProbe probe(DiscoveryPrimitive primitive, Mapping mapping, McpToolCall call) {
        ProbeResult.Builder result = ProbeResult.builder().primitive(primitive);
        String codes = String.join(", ", call.reasonCodes().values());
        switch (call.outcome()) {
            case REFUSED -> {
                return new McpProbe(primitive, mapping.tool(), McpProbe.Outcome.REFUSED, call,
                        result.status(ProbeStatus.SKIPPED).limitation(primitive + ": refused (" + codes + ")").build());
            }
            case FAILED -> {
                return new McpProbe(primitive, mapping.tool(), McpProbe.Outcome.FAILED, call,
                        result.status(ProbeStatus.ERROR).limitation(primitive + ": failed (" + codes + ")").build());
            }
            default -> {
                result.status(ProbeStatus.OK);
                // A result the gate denies the turn may not be stated, so it supports no fact.
                if (call.decision() == Decision.DENY) {
                    return new McpProbe(primitive, mapping.tool(), McpProbe.Outcome.EMPTY, call,
                            result.limitation(primitive + ": withheld (" + codes + ")").build());
                }
                ProbeReader.Rows rows = mapping.reader().read(call.result().result());
                boolean any = Double.isFinite(rows.received()) && rows.received() > 0;
                return new McpProbe(primitive, mapping.tool(), any ? McpProbe.Outcome.OK : McpProbe.Outcome.EMPTY,
                        call, result.rowsReceived(rows.received()).rowsMatched(rows.matched()).build());
            }
        }
    }

    /**
     * The turn as a result leaves it: under the lower decision when the result lowered it, with the tool's domains,
     * and internal only once a result of an internal-only domain is in.
     */
    private static ToolTurn after(ToolTurn turn, McpToolCall call) {
        ToolResultVerdict verdict = call.verdict();
        if (verdict == null) {
            return turn;
        }
        PolicyDecision evaluation = verdict.evaluation();
        PolicyDecision decision = evaluation != null && verdict.decision() != turn.decision().decision()
                && evaluation.decision() == verdict.decision() ? evaluation : turn.decision();
        Set<String> domains = new LinkedHashSet<>(turn.domains());
        domains.addAll(verdict.labels().domains());
        return new ToolTurn(turn.principal(), decision, List.copyOf(domains),
                turn.internalOnly() || verdict.labels().internalOnly());
    }
}
