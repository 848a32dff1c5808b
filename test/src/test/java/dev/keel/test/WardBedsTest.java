package dev.keel.test;

import static dev.keel.test.KeelAssertions.assertThat;

import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.pipeline.Backends;
import dev.keel.pipeline.GovernedAnswer;
import dev.keel.pipeline.GovernedRequest;
import dev.keel.pipeline.Pipeline;
import dev.keel.pipeline.SingleCallReasoning;
import dev.keel.policy.PolicyDocument;
import dev.keel.routing.RoutingTable;
import dev.keel.test.core.Reply;
import dev.keel.test.core.RequestMatcher;
import dev.keel.test.core.ScriptedBackend;
import org.junit.jupiter.api.Test;

class WardBedsTest {

    // The models: scripted stand-ins that record every request they get.
    private final ScriptedBackend cloud = ScriptedBackend.named("cloud")
            .on(RequestMatcher.lastUserMessageContains("beds")).reply("Beds 4 and 10 are free.");
    private final ScriptedBackend local = ScriptedBackend.answering("local", request -> "Ask the ward desk.");
    private final InMemoryAuditSink audit = new InMemoryAuditSink();

    private Pipeline pipeline(ScriptedBackend external) {
        return Pipeline.builder()
                .policy(PolicyDocument.parse("""
                        {"policy_id": "ward", "version": "1",
                         "roles": {
                           "nurse": {"allowed_clearances": ["internal"], "allowed_domains": ["beds"],
                                     "default_decision": "ALLOW"},
                           "guest": {"allowed_clearances": ["public"], "allowed_domains": [],
                                     "default_decision": "PARTIAL"}},
                         "restrictions": [{"id": "no_mrn", "patterns": ["MRN-\\\\d+"]}],
                         "domain_rules": [{"phrases": ["bed*"], "domains": ["beds"]},
                                          {"phrases": ["patient*"], "domains": ["patients"]}],
                         "sensitivity": {"internal_only_domains": ["patients"]}}"""))
                .routing(RoutingTable.parse("""
                        {"pools": [{"weight": 1, "router_selected_llm": "cloud",
                                    "reasoning_mode": "plain", "backend_target": "cloud"}],
                         "internal_backend_target": "local"}"""))
                .backends(Backends.builder().internal("local", local).external("cloud", external).build())
                .reasoning(SingleCallReasoning.userMessage())
                .auditSink(audit)
                .build();
    }

    @Test
    void aNurseGetsTheBedsFromTheCloudWithoutTheRecordNumberTheyTyped() {
        GovernedAnswer answer = pipeline(cloud).call(GovernedRequest.of(Principal.of("nurse", "internal"),
                "Which beds are free for MRN-4711?"));

        assertThat(answer).wasAnswered().hasDecision(Decision.ALLOW).isAuditedIn(audit);
        assertThat(answer).text().isEqualTo("Beds 4 and 10 are free.");
        assertThat(answer).provenance().hasBackendUsed("cloud");
        assertThat(cloud).receivedRequests(1).noRequestContains("4711");
    }

    @Test
    void aGuestGetsNoFigureAndNeitherDoesTheCloud() {
        GovernedAnswer answer = pipeline(cloud).call(GovernedRequest.of(Principal.of("guest", "public"),
                "Are beds 4 or 10 free?"));

        assertThat(answer).wasAnswered().hasDecision(Decision.PARTIAL).showsNoFigure().hasWithheld("number");
        assertThat(cloud).noRequestContainsPattern("\\p{N}");
    }

    @Test
    void aQuestionAboutAPatientNeverLeavesTheHouse() {
        GovernedAnswer answer = pipeline(cloud).call(GovernedRequest.of(Principal.of("nurse", "internal"),
                "Which patient is in bed 4?"));

        assertThat(answer).neverLeftTheHouse().provenance().hasBackendUsed("local")
                .hasExtension("internal_only_rules");
        assertThat(cloud).wasNeverCalled();
    }

    @Test
    void whenTheCloudFailsTheHouseAnswersAndSaysWhy() {
        ScriptedBackend down = ScriptedBackend.named("cloud").otherwise(Reply.retriableFailure("timed out"));

        GovernedAnswer answer = pipeline(down).call(GovernedRequest.of(Principal.of("nurse", "internal"),
                "Which beds are free?"));

        assertThat(answer).wasAnswered().provenance().hasBackendUsed("local")
                .hasBackendUsedReasonContaining("cloud failed (backend_retriable)");
    }
}
