package dev.keel.mcp;

import dev.keel.core.Decision;
import dev.keel.evidence.DiscoveryPlan;
import dev.keel.evidence.EvidenceGateInput;
import dev.keel.evidence.ProbeResult;
import java.util.List;
import java.util.Objects;

/**
 * What a discovery run did ({@link McpDiscovery#run}): the plan, each probe in plan order, and the turn's decision
 * after every result (never higher than the turn's). {@link #evidenceInput()} starts the evidence gate's input.
 * Immutable and thread-safe.
 *
 * @param plan     the plan that was run
 * @param probes   one per allowed primitive of the plan, in plan order (none when the plan is not allowed)
 * @param decision the turn's decision after the run: the lowest of the turn's and every result's
 */
public record McpDiscoveryRun(DiscoveryPlan plan, List<McpProbe> probes, Decision decision) {

    public McpDiscoveryRun {
        Objects.requireNonNull(plan, "plan");
        probes = List.copyOf(probes);
        Objects.requireNonNull(decision, "decision");
    }

    /** The probe results of the probes that were run, in plan order. */
    public List<ProbeResult> probeResults() {
        return probes.stream().flatMap(probe -> probe.probeResult().stream()).toList();
    }

    /**
     * The evidence gate's input for this run: the plan and {@link #probeResults()}; the host adds the facts the
     * answer would state, and the source rows' summary, before {@code EvidenceGate.resolve}.
     */
    public EvidenceGateInput.Builder evidenceInput() {
        return EvidenceGateInput.builder(plan).probeResults(probeResults());
    }
}
