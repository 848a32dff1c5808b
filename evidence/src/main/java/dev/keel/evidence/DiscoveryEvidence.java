package dev.keel.evidence;

import dev.keel.core.ReasonCodes;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The evidence gate's verdict (the protocol's {@code AssistantMcpDiscoveryEvidenceContract}, see {@code
 * docs/evidence.md}): what the answer may claim ({@link #answerPermission()}), why, and on which facts.
 *
 * <p>Two views of the reason codes: {@link #wireReasonCodes()} is the reference's list exactly (the plan's
 * {@code reason_codes} copied as they were given, then the gate's codes not already there), and
 * {@link #reasonCodes()} is the same list as normalised {@link dev.keel.core.ReasonCode}s. For a plan built by
 * {@link DiscoveryPlanBuilder} the two agree; they differ only for a plan read from JSON whose codes were not
 * normalised.
 *
 * <p>Immutable and thread-safe.
 */
public final class DiscoveryEvidence {

    /** The reference's {@code ASSISTANT_MCP_DISCOVERY_EVIDENCE_SCHEMA_VERSION}. */
    public static final String SCHEMA_VERSION = "assistant_mcp_discovery_evidence_v1";

    private final EvidenceStatus evidenceStatus;
    private final CoverageStatus coverageStatus;
    private final AnswerPermission answerPermission;
    private final List<String> confirmedFacts;
    private final List<String> inferredFacts;
    private final List<String> unknownFacts;
    private final @Nullable String sourceRowsSummary;
    private final EvidenceGateInput input;
    private final List<String> queryLimitations;
    private final @Nullable String recommendedNextProbe;
    private final List<Object> wireReasonCodes;
    private final boolean bypassDetected;
    private final double rowsMatched;
    private final double rowsReceived;

    DiscoveryEvidence(EvidenceStatus evidenceStatus, CoverageStatus coverageStatus, AnswerPermission answerPermission,
            List<String> confirmedFacts, List<String> inferredFacts, List<String> unknownFacts,
            @Nullable String sourceRowsSummary,
            EvidenceGateInput input, List<String> queryLimitations, @Nullable String recommendedNextProbe,
            List<Object> wireReasonCodes, boolean bypassDetected, double rowsMatched, double rowsReceived) {
        this.evidenceStatus = evidenceStatus;
        this.coverageStatus = coverageStatus;
        this.answerPermission = answerPermission;
        this.confirmedFacts = confirmedFacts;
        this.inferredFacts = inferredFacts;
        this.unknownFacts = unknownFacts;
        this.sourceRowsSummary = sourceRowsSummary;
        this.input = input;
        this.queryLimitations = queryLimitations;
        this.recommendedNextProbe = recommendedNextProbe;
        this.wireReasonCodes = wireReasonCodes;
        this.bypassDetected = bypassDetected;
        this.rowsMatched = rowsMatched;
        this.rowsReceived = rowsReceived;
    }

    public EvidenceStatus evidenceStatus() {
        return evidenceStatus;
    }

    public CoverageStatus coverageStatus() {
        return coverageStatus;
    }

    public AnswerPermission answerPermission() {
        return answerPermission;
    }

    public List<String> confirmedFacts() {
        return confirmedFacts;
    }

    public List<String> inferredFacts() {
        return inferredFacts;
    }

    public List<String> unknownFacts() {
        return unknownFacts;
    }

    public Optional<String> sourceRowsSummary() {
        return Optional.ofNullable(sourceRowsSummary);
    }

    /** The plan the gate judged, as given ({@code query_plan}). */
    public @Nullable Map<String, Object> queryPlan() {
        return input.planTree();
    }

    /** The plan the gate judged when it was given as a {@link DiscoveryPlan}. */
    public Optional<DiscoveryPlan> plan() {
        return input.plan();
    }

    /** The caller's limitations followed by the probes' own, trimmed, each once. */
    public List<String> queryLimitations() {
        return queryLimitations;
    }

    /** The reference's {@code confidence_reason}, a fixed text per evidence status. */
    public String confidenceReason() {
        return confidenceReasonFor(evidenceStatus);
    }

    public Optional<String> recommendedNextProbe() {
        return Optional.ofNullable(recommendedNextProbe);
    }

    /** The reason codes exactly as the reference writes them (see the class comment). */
    public List<Object> wireReasonCodes() {
        return wireReasonCodes;
    }

    /** The reason codes normalised; items of the plan's codes that are not strings are left out. */
    public ReasonCodes reasonCodes() {
        ReasonCodes.Builder codes = ReasonCodes.builder();
        for (Object code : wireReasonCodes) {
            if (code instanceof String) {
                codes.add((String) code);
            }
        }
        return codes.build();
    }

    /** True when a probe ran a primitive the plan does not allow. */
    public boolean bypassDetected() {
        return bypassDetected;
    }

    /** The finite positive {@code rows_matched} of all probes, added up. */
    public double rowsMatched() {
        return rowsMatched;
    }

    /** The finite positive {@code rows_received} of all probes, added up. */
    public double rowsReceived() {
        return rowsReceived;
    }

    /** The contract with the protocol's field names, in the protocol's order; a new map on each call. */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("schema_version", SCHEMA_VERSION);
        wire.put("policy_owner", DiscoveryPlan.POLICY_OWNER);
        wire.put("evidence_status", evidenceStatus.wireName());
        wire.put("coverage_status", coverageStatus.wireName());
        wire.put("answer_permission", answerPermission.wireName());
        wire.put("confirmed_facts", confirmedFacts);
        wire.put("inferred_facts", inferredFacts);
        wire.put("unknown_facts", unknownFacts);
        wire.put("source_rows_summary", sourceRowsSummary);
        wire.put("query_plan", Js.orderedCopy(queryPlan()));
        wire.put("query_limitations", queryLimitations);
        wire.put("confidence_reason", confidenceReason());
        wire.put("recommended_next_probe", recommendedNextProbe);
        wire.put("reason_codes", Js.orderedCopy(wireReasonCodes));
        return wire;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof DiscoveryEvidence && ((DiscoveryEvidence) other).toWire().equals(toWire());
    }

    @Override
    public int hashCode() {
        return toWire().hashCode();
    }

    @Override
    public String toString() {
        return "DiscoveryEvidence" + toWire();
    }

    private static String confidenceReasonFor(EvidenceStatus status) {
        switch (status) {
            case CONFIRMED:
                return "confirmed_facts_backed_by_allowed_mcp_probe_rows";
            case INFERRED_ONLY:
                return "only_inferred_facts_available_from_allowed_mcp_probe_rows";
            case BLOCKED:
                return "runtime_evidence_gate_blocked_discovery_answer";
            default:
                return "allowed_mcp_probes_did_not_produce_sufficient_evidence";
        }
    }
}
