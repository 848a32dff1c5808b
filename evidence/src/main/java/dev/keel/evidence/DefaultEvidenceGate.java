package dev.keel.evidence;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** The port of {@code resolveAssistantMcpDiscoveryEvidence}. Stateless; pure and thread-safe. */
final class DefaultEvidenceGate implements EvidenceGate {

    static final DefaultEvidenceGate INSTANCE = new DefaultEvidenceGate();

    private DefaultEvidenceGate() {
    }

    @Override
    public DiscoveryEvidence resolve(EvidenceGateInput input) {
        List<ProbeResult> probes = input.probeResults();
        List<String> confirmedFacts = Texts.nonEmptyDistinct(input.confirmedFacts());
        List<String> inferredFacts = Texts.nonEmptyDistinct(input.inferredFacts());
        List<String> unknownFacts = Texts.nonEmptyDistinct(input.unknownFacts());
        String sourceRowsSummary = Texts.nonEmpty(input.sourceRowsSummary().orElse(null));
        List<String> queryLimitations = queryLimitations(input.queryLimitations(), probes);

        // [...input.plan.reason_codes]: the plan's codes as given, not normalised.
        List<Object> reasonCodes = new ArrayList<>(input.planReasonCodeItems());
        double rowsMatched = 0;
        double rowsReceived = 0;
        boolean bypassDetected = false;
        for (ProbeResult probe : probes) {
            rowsMatched += countable(probe.rowsMatched());
            rowsReceived += countable(probe.rowsReceived());
            bypassDetected |= !input.allowsPrimitive(probe.primitiveKey());
        }
        boolean planAllowed = input.planAllowed();

        if (bypassDetected) {
            push(reasonCodes, "probe_result_used_primitive_outside_runtime_plan");
        }
        if (!planAllowed) {
            push(reasonCodes, "plan_not_allowed_by_runtime");
        }
        if (!confirmedFacts.isEmpty() && rowsMatched <= 0) {
            push(reasonCodes, "confirmed_facts_without_matched_probe_rows");
        }
        if (sourceRowsSummary == null && rowsReceived > 0) {
            push(reasonCodes, "source_rows_summary_missing");
        }

        EvidenceStatus evidenceStatus = EvidenceStatus.INSUFFICIENT;
        CoverageStatus coverageStatus = CoverageStatus.BLOCKED;
        AnswerPermission answerPermission = AnswerPermission.CHECKED_SOURCES_ONLY;
        if (bypassDetected || !planAllowed) {
            evidenceStatus = EvidenceStatus.BLOCKED;
        } else if (!confirmedFacts.isEmpty() && rowsMatched > 0 && sourceRowsSummary != null) {
            evidenceStatus = EvidenceStatus.CONFIRMED;
            coverageStatus = CoverageStatus.FULL;
            answerPermission = AnswerPermission.CONFIRMED_ANSWER;
            push(reasonCodes, "confirmed_facts_with_allowed_mcp_evidence");
        } else if (!inferredFacts.isEmpty() && rowsReceived > 0) {
            evidenceStatus = EvidenceStatus.INFERRED_ONLY;
            coverageStatus = CoverageStatus.PARTIAL;
            answerPermission = AnswerPermission.BOUNDED_INFERENCE;
            push(reasonCodes, "inferred_facts_require_bounded_answer");
        } else {
            push(reasonCodes, "mcp_discovery_evidence_insufficient");
        }

        return new DiscoveryEvidence(evidenceStatus, coverageStatus, answerPermission, confirmedFacts, inferredFacts,
                unknownFacts, sourceRowsSummary, input, queryLimitations,
                Texts.nonEmpty(input.recommendedNextProbe().orElse(null)),
                Collections.unmodifiableList(reasonCodes), bypassDetected, rowsMatched, rowsReceived);
    }

    /** {@code Number.isFinite(rows) && rows > 0 ? rows : 0}. */
    private static double countable(double rows) {
        return Double.isFinite(rows) && rows > 0 ? rows : 0;
    }

    /** The caller's limitations, then each probe's, trimmed; the concatenation de-duplicated keeping the first. */
    private static List<String> queryLimitations(List<String> given, List<ProbeResult> probes) {
        List<String> limitations = new ArrayList<>(Texts.nonEmptyDistinct(given));
        for (ProbeResult probe : probes) {
            String limitation = Texts.nonEmpty(probe.limitation().orElse(null));
            if (limitation != null && !limitations.contains(limitation)) {
                limitations.add(limitation);
            }
        }
        return Collections.unmodifiableList(limitations);
    }

    /** {@code pushReason} with a code already in normal form: {@code includes} compares with the raw items. */
    private static void push(List<Object> reasonCodes, String code) {
        if (!reasonCodes.contains(code)) {
            reasonCodes.add(code);
        }
    }
}
