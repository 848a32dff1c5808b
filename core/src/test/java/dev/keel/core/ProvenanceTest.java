package dev.keel.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.json.JsonCodec;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProvenanceTest {

    private static Provenance.Builder answered() {
        return Provenance.builder()
                .principal(Principal.of("nurse", "phi"))
                .decision(Decision.PARTIAL)
                .domains(List.of("patient_records"))
                .evidenceSources(EvidenceSources.builder().add("policy", List.of("ward_policy.json"))
                        .add("records", List.of("beds.csv")).build())
                .backendTarget("internal_llm")
                .backendUsed("internal_llm");
    }

    @Test
    void wireFormWritesTheGenericFieldsThenTheExtensionsInOrder() {
        Provenance provenance = answered().extension("workflow", "triage").extension("confidence", Map.of("level", "high"))
                .build();

        assertThat(JsonCodec.strict().write(provenance.toWire())).isEqualTo("{\"role\":\"nurse\",\"clearance\":\"phi\","
                + "\"decision\":\"PARTIAL\",\"domains\":[\"patient_records\"],"
                + "\"evidence_sources\":{\"policy\":[\"ward_policy.json\"],\"records\":[\"beds.csv\"]},"
                + "\"backend_target\":\"internal_llm\",\"backend_used\":\"internal_llm\","
                + "\"workflow\":\"triage\",\"confidence\":{\"level\":\"high\"}}");
    }

    @Test
    void optionalFieldsAppearOnlyWhenSet() {
        Provenance denied = Provenance.builder().decision(Decision.DENY)
                .reasonCodes(ReasonCodes.builder().add("principal_missing").build()).requestId("r-1").build();

        assertThat(denied.toWire()).containsOnlyKeys("request_id", "decision", "evidence_sources", "reason_codes")
                .containsEntry("reason_codes", List.of("principal_missing"));
        assertThat(answered().backendUsed("fallback").backendUsedReason("internal_llm unreachable").build().toWire())
                .containsEntry("backend_used_reason", "internal_llm unreachable");
    }

    @Test
    void anExtensionSetAgainKeepsItsPlaceAndNullRemovesIt() {
        Provenance provenance = answered().extension("a", 1).extension("b", 2).extension("a", 3).extension("b", null)
                .build();

        assertThat(provenance.extensions()).containsExactly(Map.entry("a", 3));
    }

    @Test
    void anExtensionCannotTakeAFieldsName() {
        assertThatThrownBy(() -> answered().extension("backend_used", "x")).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("backend_used");
    }

    @Test
    void theDecisionIsRequired() {
        assertThatThrownBy(() -> Provenance.builder().build())
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("decision");
    }

    @Test
    void evidenceSourcesKeepKindOrderAndListEachSourceOnce() {
        EvidenceSources sources = EvidenceSources.builder().add("records", List.of("a.csv", "b.csv"))
                .add("policy", List.of()).add("records", List.of("a.csv", "c.csv")).build();

        assertThat(sources.byKind()).containsExactly(Map.entry("records", List.of("a.csv", "b.csv", "c.csv")),
                Map.entry("policy", List.of()));
        assertThat(sources.of("knowledge")).isEmpty();
        assertThat(sources.all()).containsExactly("a.csv", "b.csv", "c.csv");
    }
}
