package dev.keel.evidence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.InvalidInputException;
import dev.keel.core.json.JsonCodec;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** One test per branch of {@code resolveAssistantMcpDiscoveryEvidence}, through the typed API and through JSON. */
class EvidenceGateTest {

    private static final EvidenceGate GATE = EvidenceGate.create();
    private static final DiscoveryPlan PLAN = DiscoveryPlanBuilder.create().build(DiscoveryPlanInput.builder()
            .semanticDataNeed("open invoices").turnMeaning(TurnMeaning.builder().askedDomainFamily("settlements").build())
            .proposedPrimitives("query_movements", "aggregate_by_axis").build());

    private static ProbeResult probe(String primitive, double received, double matched) {
        return ProbeResult.builder().primitiveId(primitive).status(ProbeStatus.OK).rowsReceived(received).rowsMatched(matched).build();
    }

    private static DiscoveryEvidence resolveJson(String json) {
        return GATE.resolve(EvidenceGateInput.fromWire(JsonCodec.strict().parseObject(json)));
    }

    @Test
    void confirmedFactsWithMatchedRowsAndASummaryAreConfirmed() {
        DiscoveryEvidence evidence = GATE.resolve(EvidenceGateInput.builder(PLAN).probeResults(probe("query_movements", 10, 4))
                .confirmedFacts(List.of(" total 1 200 ", "total 1 200")).sourceRowsSummary("4 rows of register 60").build());
        assertThat(evidence.evidenceStatus()).isEqualTo(EvidenceStatus.CONFIRMED);
        assertThat(evidence.coverageStatus()).isEqualTo(CoverageStatus.FULL);
        assertThat(evidence.answerPermission()).isEqualTo(AnswerPermission.CONFIRMED_ANSWER);
        assertThat(evidence.confirmedFacts()).containsExactly("total 1 200");
        assertThat(evidence.confidenceReason()).isEqualTo("confirmed_facts_backed_by_allowed_mcp_probe_rows");
        assertThat(evidence.wireReasonCodes()).containsExactly("guarded_mcp_discovery_plan_allowed", "confirmed_facts_with_allowed_mcp_evidence");
        assertThat(evidence.queryPlan()).isEqualTo(PLAN.toWire());
    }

    @Test
    void confirmedFactsWithoutASummaryOrMatchedRowsAreNotConfirmed() {
        DiscoveryEvidence noSummary = GATE.resolve(EvidenceGateInput.builder(PLAN).probeResults(probe("query_movements", 10, 4))
                .confirmedFacts(List.of("total")).build());
        assertThat(noSummary.evidenceStatus()).isEqualTo(EvidenceStatus.INSUFFICIENT);
        assertThat(noSummary.reasonCodes().values()).containsExactly("guarded_mcp_discovery_plan_allowed",
                "source_rows_summary_missing", "mcp_discovery_evidence_insufficient");
        DiscoveryEvidence noMatch = GATE.resolve(EvidenceGateInput.builder(PLAN).probeResults(probe("query_movements", 10, 0))
                .confirmedFacts(List.of("total")).sourceRowsSummary("s").build());
        assertThat(noMatch.evidenceStatus()).isEqualTo(EvidenceStatus.INSUFFICIENT);
        assertThat(noMatch.reasonCodes().values()).contains("confirmed_facts_without_matched_probe_rows");
    }

    @Test
    void inferredFactsWithReceivedRowsAllowOnlyABoundedInference() {
        DiscoveryEvidence evidence = GATE.resolve(EvidenceGateInput.builder(PLAN)
                .probeResults(ProbeResult.builder().primitive(DiscoveryPrimitive.AGGREGATE_BY_AXIS).rowsReceived(12.0).limitation(" slow ").build())
                .inferredFacts(List.of("trend up")).queryLimitations(List.of("slow", " other ")).build());
        assertThat(evidence.evidenceStatus()).isEqualTo(EvidenceStatus.INFERRED_ONLY);
        assertThat(evidence.coverageStatus()).isEqualTo(CoverageStatus.PARTIAL);
        assertThat(evidence.answerPermission()).isEqualTo(AnswerPermission.BOUNDED_INFERENCE);
        assertThat(evidence.queryLimitations()).containsExactly("slow", "other");
        assertThat(evidence.reasonCodes().values()).containsExactly("guarded_mcp_discovery_plan_allowed",
                "source_rows_summary_missing", "inferred_facts_require_bounded_answer");
    }

    @Test
    void nothingUsableIsInsufficient() {
        DiscoveryEvidence evidence = GATE.resolve(EvidenceGateInput.builder(PLAN).inferredFacts(List.of("guess")).build());
        assertThat(evidence.evidenceStatus()).isEqualTo(EvidenceStatus.INSUFFICIENT);
        assertThat(evidence.answerPermission()).isEqualTo(AnswerPermission.CHECKED_SOURCES_ONLY);
        assertThat(evidence.confidenceReason()).isEqualTo("allowed_mcp_probes_did_not_produce_sufficient_evidence");
    }

    @Test
    void aProbeOutsideThePlanBlocksEvenWithPerfectEvidence() {
        DiscoveryEvidence evidence = GATE.resolve(EvidenceGateInput.builder(PLAN)
                .probeResults(probe("query_movements", 5, 5), probe(" query_movements", 5, 5))
                .confirmedFacts(List.of("x")).sourceRowsSummary("s").build());
        assertThat(evidence.evidenceStatus()).isEqualTo(EvidenceStatus.BLOCKED);
        assertThat(evidence.bypassDetected()).isTrue();
        assertThat(evidence.confidenceReason()).isEqualTo("runtime_evidence_gate_blocked_discovery_answer");
        assertThat(evidence.reasonCodes().values()).containsExactly("guarded_mcp_discovery_plan_allowed",
                "probe_result_used_primitive_outside_runtime_plan");
    }

    @Test
    void aPlanThatIsNotAllowedBlocks() {
        DiscoveryPlan blocked = DiscoveryPlanBuilder.create().build(DiscoveryPlanInput.builder().proposedPrimitives("raw_sql").build());
        DiscoveryEvidence evidence = GATE.resolve(EvidenceGateInput.builder(blocked).confirmedFacts(List.of("x")).build());
        assertThat(evidence.evidenceStatus()).isEqualTo(EvidenceStatus.BLOCKED);
        assertThat(evidence.reasonCodes().values()).endsWith("plan_not_allowed_by_runtime", "confirmed_facts_without_matched_probe_rows");
    }

    @Test
    void aPlanReadFromJsonIsEchoedAndItsCodesCopiedAsGiven() {
        DiscoveryEvidence evidence = resolveJson("{\"plan\": {\"plan_status\": \"allowed\", \"allowed_primitives\": [5],"
                + " \"reason_codes\": [\"Not Normalised!\", \"mcp_discovery_evidence_insufficient\", 7], \"extra\": 1e400},"
                + " \"probeResults\": [{\"primitive_id\": 5.0, \"rows_received\": \"12\"}]}");
        assertThat(evidence.bypassDetected()).isFalse();
        assertThat(evidence.rowsReceived()).isEqualTo(12);
        assertThat(evidence.wireReasonCodes()).containsExactly("Not Normalised!", "mcp_discovery_evidence_insufficient",
                new java.math.BigDecimal("7"), "source_rows_summary_missing");
        assertThat(evidence.reasonCodes().values()).containsExactly("not_normalised", "mcp_discovery_evidence_insufficient",
                "source_rows_summary_missing");
        assertThat(evidence.queryPlan()).containsEntry("extra", null);
        assertThat(evidence.plan()).isEmpty();
    }

    @Test
    void whereTheReferenceThrowsTheReaderNamesTheValue() {
        assertThatThrownBy(() -> resolveJson("{}")).isInstanceOf(InvalidInputException.class).hasMessageStartingWith("/plan: ");
        assertThatThrownBy(() -> resolveJson("{\"plan\": {\"plan_status\": \"allowed\"}}")).hasMessageStartingWith("/plan/reason_codes: ");
        assertThatThrownBy(() -> resolveJson("{\"plan\": {\"reason_codes\": [], \"allowed_primitives\": 5}}"))
                .hasMessageStartingWith("/plan/allowed_primitives: ");
        assertThatThrownBy(() -> resolveJson("{\"plan\": {\"reason_codes\": []}, \"probeResults\": [{}, null]}"))
                .hasMessageStartingWith("/probeResults/1: ");
        assertThatThrownBy(() -> resolveJson("{\"plan\": {\"reason_codes\": []}, \"probeResults\": [{\"rows_matched\": {\"toString\": 1}}]}"))
                .hasMessageStartingWith("/probeResults/0/rows_matched: ");
        // The reference reads probe limitations before the plan, so a null probe is reported first.
        assertThatThrownBy(() -> resolveJson("{\"probeResults\": [null]}")).hasMessageStartingWith("/probeResults/0: ");
    }

    @Test
    void aStringOfReasonCodesIsSpreadIntoItsCodePoints() {
        DiscoveryEvidence evidence = resolveJson("{\"plan\": {\"reason_codes\": \"ab\\ud83d\\ude00\"}}");
        assertThat(evidence.wireReasonCodes()).startsWith("a", "b", "\ud83d\ude00");
    }

    @Test
    void wireFormHasTheSeedsFieldsInOrder() {
        Map<String, Object> wire = GATE.resolve(EvidenceGateInput.builder(PLAN).build()).toWire();
        assertThat(wire.keySet()).containsExactly("schema_version", "policy_owner", "evidence_status", "coverage_status",
                "answer_permission", "confirmed_facts", "inferred_facts", "unknown_facts", "source_rows_summary", "query_plan",
                "query_limitations", "confidence_reason", "recommended_next_probe", "reason_codes");
    }
}
