package dev.keel.examples.hospital;

import dev.keel.core.evidence.EvidenceItem;
import dev.keel.core.evidence.EvidenceSet;
import dev.keel.evidence.DiscoveryEvidence;
import dev.keel.evidence.DiscoveryPlan;
import dev.keel.evidence.DiscoveryPlanBuilder;
import dev.keel.evidence.DiscoveryPlanInput;
import dev.keel.evidence.DiscoveryPrimitive;
import dev.keel.evidence.EvidenceGate;
import dev.keel.evidence.EvidenceGateInput;
import dev.keel.evidence.ProbeResult;
import dev.keel.evidence.ProbeStatus;
import dev.keel.evidence.TurnMeaning;
import dev.keel.pipeline.EvidenceProvider;
import dev.keel.pipeline.Turn;
import dev.keel.pipeline.TurnKey;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The ward assistant's evidence: the tools the question calls for ({@link WardTools#propose}) become a discovery
 * plan over the ward's own primitives, the plan's allowed tools run on the ward's records within its budget, and the
 * evidence gate grades what they returned. Every item carries the domain of the tool that found it, so that the
 * governed call checks the decision, and whether the request may leave the hospital, against what was really read:
 * "Who is in L-03?" names no patient word, but its evidence is a patient record.
 *
 * <p>Records the gate's status and answer permission, and the tools run, as provenance extensions
 * ({@code evidence_status}, {@code answer_permission}, {@code ward_tools}). Thread-safe: the records are immutable.
 */
final class WardEvidence implements EvidenceProvider {

    /** Where the gate's verdict is kept for the composer. */
    static final TurnKey<DiscoveryEvidence> GATE = TurnKey.of("ward_evidence_gate", DiscoveryEvidence.class);

    private final WardRecords records;
    private final WardTools tools;
    private final DiscoveryPlanBuilder planner = DiscoveryPlanBuilder.create(WardTools.REGISTRY);
    private final EvidenceGate gate = EvidenceGate.create();

    WardEvidence(WardRecords records) {
        this.records = records;
        this.tools = WardTools.over(records);
    }

    @Override
    public EvidenceSet collect(Turn turn) {
        WardMentions mentions = WardMentions.in(turn.request().message(), records);
        List<String> domains = turn.governance().domains();
        List<String> proposed = tools.propose(domains, mentions).stream().map(DiscoveryPrimitive::wireName).toList();
        DiscoveryPlan plan = planner.build(DiscoveryPlanInput.builder()
                .semanticDataNeed("the ward records that answer the question")
                .turnMeaning(TurnMeaning.builder().askedDomainFamily(domains.isEmpty() ? "ward_summaries"
                        : domains.get(0)).explicitEntityCandidates(mentions.all()).build())
                .proposedPrimitives(proposed).maxProbeCount((double) proposed.size()).build());

        List<EvidenceItem> items = new ArrayList<>();
        List<ProbeResult> probes = new ArrayList<>();
        List<String> read = new ArrayList<>();
        List<String> run = new ArrayList<>();
        List<DiscoveryPrimitive> allowed = plan.isAllowed() ? plan.allowedPrimitives() : List.of();
        for (DiscoveryPrimitive tool : allowed.subList(0, Math.min(allowed.size(),
                plan.executionBudget().maxProbeCount()))) {
            WardTools.ToolResult result = tools.run(tool, mentions);
            items.addAll(result.items());
            probes.add(ProbeResult.builder().primitive(tool).status(ProbeStatus.OK)
                    .rowsReceived((double) result.read()).rowsMatched((double) result.items().size()).build());
            read.add(result.items().size() + " of " + result.read() + " records of " + result.source());
            run.add(tool.wireName());
        }
        DiscoveryEvidence graded = gate.resolve(EvidenceGateInput.builder(plan).probeResults(probes)
                .confirmedFacts(items.stream().map(EvidenceItem::text).toList())
                .sourceRowsSummary(String.join("; ", read)).build());
        turn.put(GATE, graded);
        turn.extension("ward_tools", run);
        turn.extension("evidence_status", graded.evidenceStatus().wireName());
        turn.extension("answer_permission", graded.answerPermission().wireName());
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("plan_status", plan.planStatus().wireName());
        details.put("tools", run);
        details.put("read", read);
        details.put("evidence_status", graded.evidenceStatus().wireName());
        turn.trace("evidence", "tools " + run + ": " + graded.answerPermission().wireName(), details);
        return EvidenceSet.of(items);
    }
}
