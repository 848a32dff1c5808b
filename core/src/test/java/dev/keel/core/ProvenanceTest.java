package dev.keel.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.json.JsonCodec;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProvenanceTest {

    private static Provenance.Builder seedExample() {
        return Provenance.builder()
                .principal(Principal.of("planner", "secret"))
                .governanceDecision(Decision.ALLOW)
                .evidenceSources(new EvidenceSources(
                        List.of("marp_policy.json", "marp_governance_knowledge.md"),
                        List.of("marp_regulated_knowledge.json"),
                        List.of("marp_governed_data_view.csv")))
                .routerSelectedLlm("llama")
                .backendTarget("llama")
                .backendUsed("llama")
                .topSecretInternalOnly(false)
                .reasoningMode("balanced_summary")
                .subtasksExecuted(List.of("capability_threshold_check", "identify_transition_calendars",
                        "compare_uncertainty_bands", "identify_bottlenecks", "collect_policy_flags"))
                .confidence(new Confidence(ConfidenceLevel.HIGH,
                        "All requested elements present and consistent with precomputed calendars and governed data."));
    }

    @Test
    void wireFormIsTheSeedExampleFieldForField() {
        String expected = "{\"role\":\"planner\",\"clearance\":\"secret\",\"governance_decision\":\"ALLOW\","
                + "\"evidence_sources\":{\"policy\":[\"marp_policy.json\",\"marp_governance_knowledge.md\"],"
                + "\"regulated_knowledge\":[\"marp_regulated_knowledge.json\"],\"governed_data\":[\"marp_governed_data_view.csv\"]},"
                + "\"router_selected_llm\":\"llama\",\"backend_target\":\"llama\",\"backend_used\":\"llama\","
                + "\"top_secret_internal_only\":false,\"reasoning_mode\":\"balanced_summary\","
                + "\"subtasks_executed\":[\"capability_threshold_check\",\"identify_transition_calendars\","
                + "\"compare_uncertainty_bands\",\"identify_bottlenecks\",\"collect_policy_flags\"],"
                + "\"confidence\":{\"level\":\"high\",\"rationale\":\"All requested elements present and consistent with precomputed calendars and governed data.\"}}";

        assertThat(JsonCodec.strict().write(seedExample().build().toWire())).isEqualTo(expected);
    }

    @Test
    void extensionsFollowTheSeedFieldsOnlyWhenSet() {
        Provenance provenance = seedExample().backendUsed("internal_chatgpt")
                .backendUsedReason("llama unreachable: connection refused").routingOverride("auditor_override").build();

        assertThat(provenance.toWire()).containsEntry("backend_used", "internal_chatgpt")
                .containsEntry("backend_used_reason", "llama unreachable: connection refused")
                .containsEntry("routing_override", "auditor_override")
                .doesNotContainKeys("domains", "evidence_routing", "reason_codes");
    }

    @Test
    void missingSeedFieldIsNamed() {
        assertThatThrownBy(() -> seedExample().backendUsed(null).build())
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("backend_used");
    }
}
