package dev.keel.test.core;

import static dev.keel.test.core.CoreAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.Decision;
import dev.keel.core.EvidenceSources;
import dev.keel.core.Principal;
import dev.keel.core.Provenance;
import dev.keel.core.ReasonCodes;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.AuditRecord;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.InMemoryAuditSink;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each assertion passes on what it describes and fails, saying why, on what it does not. */
class CoreAssertionsTest {

    @Test
    void requestAssertionsSeeEveryMessageOfEveryRequest() {
        ScriptedBackend cloud = ScriptedBackend.named("cloud").otherwise(Reply.text("ok"));
        ScriptedBackend local = ScriptedBackend.named("local");
        cloud.chat(ChatRequest.builder().addMessage(ChatMessage.system("Stay general."))
                .addMessage(ChatMessage.user("How many beds are free?")).build());
        cloud.chat(ChatRequest.ofUserMessage("And staff, MRN-20418833?"));

        assertThat(local).wasNeverCalled();
        assertThat(cloud).receivedRequests(2).noRequestContains("MRN-99").noRequestContainsPattern("\\d{9}")
                .everyRequestContains("?").answeredEveryRequest();
        assertThat(cloud).requests().extracting(r -> r.messages().size()).containsExactly(2, 1);

        assertThatThrownBy(() -> assertThat(cloud).wasNeverCalled())
                .hasMessageContaining("expected scripted backend 'cloud' never to be called, but it received 2");
        assertThatThrownBy(() -> assertThat(cloud).noRequestContains("MRN-20418833"))
                .hasMessageContaining("but request 2 did: \"And staff, MRN-20418833?\"");
        assertThatThrownBy(() -> assertThat(cloud).noRequestContainsPattern("MRN-\\d+"))
                .hasMessageContaining("request 2");
        assertThatThrownBy(() -> assertThat(cloud).everyRequestContains("beds"))
                .hasMessageContaining("request 2 did not");
        assertThatThrownBy(() -> assertThat(local).everyRequestContains("beds")).hasMessageContaining("received none");
        assertThatThrownBy(() -> assertThat(cloud).receivedRequests(1)).hasMessageContaining("received 2");
    }

    @Test
    void onTheServerTheBodyAsSentCountsTooSoNothingCanHideInAnEscape() throws Exception {
        try (LoopbackModelServer server = LoopbackModelServer.start()) {
            server.otherwise(Reply.text("ok"));
            String body = JsonCodec.strict().write(Map.of("model", "m", "messages",
                    List.of(Map.of("role", "user", "content", "Bed \"4B\"\nMRN-20418833"))));
            HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(server.baseUrl() + "/api/chat"))
                    .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());

            assertThatThrownBy(() -> assertThat(server).noRequestContains("Bed \"4B\"\nMRN"))
                    .hasMessageContaining("request 1");
            assertThatThrownBy(() -> assertThat(server).noRequestContains("\"model\":\"m\""))
                    .hasMessageContaining("request 1");
            assertThat(server).receivedRequests(1).answeredEveryRequest();
        }
        try (LoopbackModelServer unscripted = LoopbackModelServer.start()) {
            HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(unscripted.baseUrl() + "/api/chat"))
                    .POST(HttpRequest.BodyPublishers.ofString("{}")).build(), HttpResponse.BodyHandlers.ofString());

            assertThatThrownBy(() -> assertThat(unscripted).answeredEveryRequest())
                    .hasMessageContaining("but 1 had none");
        }
    }

    private static AuditRecord record(String id, Map<String, Object> payload) {
        return AuditRecord.builder().requestId(id).recordedAt(Instant.parse("2026-11-23T10:00:00Z"))
                .kind("governed_call").payload(payload).build();
    }

    @Test
    void auditAssertionsCheckWhichCallsWereAuditedOnceAndWhatNoRecordHolds() {
        InMemoryAuditSink audit = new InMemoryAuditSink();
        audit.append(record("call-1", Map.of("outcome", "answered", "calls", List.of(Map.of("target", "cloud")))));
        audit.append(record("call-2", Map.of("outcome", "denied")));

        assertThat(audit).hasRecordCount(2).hasRecordsFor("call-1", "call-2").noRecordContains("MRN");
        assertThat(audit).recordOf("call-1").hasKind("governed_call").hasRequestId("call-1")
                .wasRecordedAt(Instant.parse("2026-11-23T10:00:00Z")).hasPayloadEntry("outcome", "answered")
                .payload().containsKey("calls");
        assertThat(new InMemoryAuditSink()).isEmpty();

        assertThatThrownBy(() -> assertThat(audit).hasRecordsFor("call-1"))
                .hasMessageContaining("[call-1, call-2]");
        assertThatThrownBy(() -> assertThat(audit).noRecordContains("cloud"))
                .hasMessageContaining("not to contain \"cloud\"");
        assertThatThrownBy(() -> assertThat(audit).singleRecord()).hasMessageContaining("expected 1 audit record");
        assertThatThrownBy(() -> assertThat(audit).recordOf("call-3")).hasMessageContaining("call-3");
        assertThatThrownBy(() -> assertThat(audit).recordOf("call-2").hasPayloadEntry("outcome", "answered"))
                .hasMessageContaining("outcome=<answered>");
        assertThatThrownBy(() -> assertThat(audit).recordOf("call-2").hasKind("stage_run"))
                .hasMessageContaining("<stage_run>");
    }

    @Test
    void auditRecordAssertionsNameTheOutcomeTheDecisionAndTheReasonCodes() {
        InMemoryAuditSink audit = new InMemoryAuditSink();
        audit.append(record("call-1", Map.of("outcome", "denied", "decision", "DENY",
                "reason_codes", List.of("role_unknown", "principal_missing"))));

        assertThat(audit).recordOf("call-1").hasOutcome("denied").hasDecision(Decision.DENY)
                .hasReasonCodes("principal_missing").hasReasonCodes("role_unknown", "principal_missing");

        assertThatThrownBy(() -> assertThat(audit).recordOf("call-1").hasReasonCodes("role_unknown", "tool_failed"))
                .hasMessageContaining("lacks [tool_failed]");
        assertThatThrownBy(() -> assertThat(audit).recordOf("call-1").hasDecision(Decision.ALLOW))
                .hasMessageContaining("decision=<ALLOW>");
        assertThatThrownBy(() -> assertThat(audit).recordOf("call-1").hasOutcome("answered"))
                .hasMessageContaining("outcome=<answered>");
    }

    @Test
    void aClearedSinkHoldsNoRecordAndTakesTheSameRequestIdAgain() {
        InMemoryAuditSink audit = new InMemoryAuditSink();
        audit.append(record("call-1", Map.of("outcome", "answered")));

        audit.clear();

        assertThat(audit).isEmpty();
        assertThat(audit.find("call-1")).isEmpty();
        assertThat(audit.append(record("call-1", Map.of("outcome", "denied")))).isTrue();
        assertThat(audit).recordOf("call-1").hasOutcome("denied");
    }

    @Test
    void provenanceAssertionsCoverTheFieldsAndTheExtensions() {
        Provenance provenance = Provenance.builder().requestId("call-1").principal(Principal.of("nurse", "internal"))
                .decision(Decision.PARTIAL).domains(List.of("bed_management"))
                .evidenceSources(EvidenceSources.builder().add("policy", List.of("ward_policy.json"))
                        .add("ward_data", List.of("ward_beds.csv")).build())
                .backendTarget("cloud").backendUsed("ward_writer")
                .backendUsedReason("cloud failed (backend_retriable: down); answered by ward_writer")
                .reasonCodes(ReasonCodes.of("role_default_allow", "decision_lowered_by_evidence"))
                .extension("internal_only", false).extension("llm_calls", 1).build();

        assertThat(provenance).hasRequestId("call-1").hasPrincipal("nurse", "internal").hasDecision(Decision.PARTIAL)
                .hasDomains("bed_management").hasEvidenceSources("ward_data", "ward_beds.csv")
                .hasEvidenceSources("policy").hasBackendTarget("cloud").hasBackendUsed("ward_writer")
                .hasBackendUsedReasonContaining("cloud failed").hasReasonCodes("decision_lowered_by_evidence")
                .doesNotHaveReasonCodes("domain_denied").hasExtension("internal_only", false)
                .hasExtension("llm_calls").doesNotHaveExtension("routing_override").doesNotContain("MRN");

        assertThatThrownBy(() -> assertThat(provenance).hasDecision(Decision.ALLOW))
                .hasMessageContaining("expected provenance decision <ALLOW>, but it is <PARTIAL>");
        assertThatThrownBy(() -> assertThat(provenance).hasNoBackendUsedReason())
                .hasMessageContaining("backend_used_reason");
        assertThatThrownBy(() -> assertThat(provenance).hasEvidenceSources("ward_data", "ward_staffing.csv"))
                .hasMessageContaining("ward_staffing.csv");
        assertThatThrownBy(() -> assertThat(provenance).hasReasonCodes("internal_only_domain", "role_default_allow"))
                .hasMessageContaining("[internal_only_domain]");
        assertThatThrownBy(() -> assertThat(provenance).hasExtension("internal_only", true))
                .hasMessageContaining("internal_only=<true>");
        assertThatThrownBy(() -> assertThat(provenance).doesNotContain("ward_writer"))
                .hasMessageContaining("ward_writer");
    }
}
