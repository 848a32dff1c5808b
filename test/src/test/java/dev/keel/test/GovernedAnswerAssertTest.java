package dev.keel.test;

import static dev.keel.test.KeelAssertions.assertThat;
import static dev.keel.test.KeelAssertions.assertThatThrownBy;

import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.core.spi.IdSource;
import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.pipeline.Backends;
import dev.keel.pipeline.GovernedAnswer;
import dev.keel.pipeline.GovernedRequest;
import dev.keel.pipeline.Pipeline;
import dev.keel.pipeline.SingleCallReasoning;
import dev.keel.pipeline.TurnOutcome;
import dev.keel.policy.DomainRule;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.QualitativeRestriction;
import dev.keel.policy.RolePolicy;
import dev.keel.routing.PoolEntry;
import dev.keel.routing.RoutingTable;
import dev.keel.test.core.Reply;
import dev.keel.test.core.ScriptedBackend;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The answer assertions on real governed calls: each passes on what it describes and fails, saying why, otherwise. */
class GovernedAnswerAssertTest {

    private final ScriptedBackend local = ScriptedBackend.answering("local", request -> "Bed 7 of 12 is free; see K-12.");
    private final ScriptedBackend cloud = ScriptedBackend.named("cloud");
    private final InMemoryAuditSink audit = new InMemoryAuditSink();

    /** Everything goes to the external backend but what must stay in the house. */
    private Pipeline pipeline() {
        PolicyDocument policy = PolicyDocument.builder().policyId("beds").version("1")
                .role("clerk", new RolePolicy(List.of("internal"), List.of("beds"), Decision.ALLOW))
                .role("visitor", new RolePolicy(List.of("public"), List.of(), Decision.PARTIAL))
                .restriction(new QualitativeRestriction("no_keys", "No key numbers.", List.of("\\bK-\\d+\\b"),
                        "[key withheld]"))
                .domainRule(DomainRule.of(List.of("bed*"), List.of("beds")))
                .build();
        RoutingTable table = RoutingTable.builder().pool(1, new PoolEntry("cloud", "plain", "cloud"))
                .internalBackendTarget("local").build();
        return Pipeline.builder().policy(policy).routing(table)
                .backends(Backends.builder().internal("local", local).external("cloud", cloud).build())
                .reasoning(SingleCallReasoning.userMessage()).auditSink(audit).idSource(IdSource.sequential("call"))
                .clock(Clock.fixed(Instant.parse("2026-11-23T10:00:00Z"), ZoneOffset.UTC)).build();
    }

    @Test
    void anAnsweredCallFromOutsideTheHouse() {
        cloud.thenReply("Bed 7 is free; key K-12.");

        GovernedAnswer answer = pipeline().call(GovernedRequest.of(Principal.of("clerk", "internal"), "Which bed?"));

        assertThat(answer).wasAnswered().hasOutcome(TurnOutcome.ANSWERED).hasDecision(Decision.ALLOW)
                .hasReasonCodes("role_default_allow").doesNotHaveReasonCodes("domain_not_allowed")
                .hasWithheld("no_keys").hasWithheld("no_keys", 1).madeModelCalls(1).neverCalled("local")
                .isAuditedIn(audit);
        assertThat(answer).text().isEqualTo("Bed 7 is free; key [key withheld].");
        assertThat(answer).withheld().extracting(w -> w.kind()).containsExactly("no_keys");
        assertThat(answer).provenance().hasBackendTarget("cloud").hasBackendUsed("cloud").hasNoBackendUsedReason();

        assertThatThrownBy(() -> assertThat(answer).wasDenied())
                .hasMessageContaining("expected the call to end as <denied>, but it ended as <answered>");
        assertThatThrownBy(() -> assertThat(answer).hasDecision(Decision.PARTIAL))
                .hasMessageContaining("expected the decision <PARTIAL>, but it is <ALLOW>");
        assertThatThrownBy(() -> assertThat(answer).showsNoFigure()).hasMessageContaining("shows \"7\"");
        assertThatThrownBy(() -> assertThat(answer).withheldNothing()).hasMessageContaining("no_keys");
        assertThatThrownBy(() -> assertThat(answer).neverLeftTheHouse()).hasMessageContaining("used=cloud");
        assertThatThrownBy(() -> assertThat(answer).madeNoModelCall()).hasMessageContaining("made 1");
        assertThatThrownBy(() -> assertThat(answer).hasWithheld("number"))
                .hasMessageContaining("withhold a <number>");
        assertThatThrownBy(() -> assertThat(answer).isAuditedIn(new InMemoryAuditSink()))
                .hasMessageContaining("one audit record of request <call-1>, but the sink holds 0");
    }

    @Test
    void aPartialCallThatFellBackInside() {
        cloud.then(Reply.retriableFailure("cloud is down"));

        GovernedAnswer answer = pipeline().call(GovernedRequest.of(Principal.of("visitor", "public"), "Which bed?"));

        assertThat(answer).wasAnswered().hasDecision(Decision.PARTIAL).showsNoFigure().hasWithheld("number", 2)
                .madeModelCalls(2).isAuditedIn(audit);
        assertThat(answer).provenance().hasBackendUsed("local")
                .hasBackendUsedReasonContaining("cloud failed (backend_retriable)");
        assertThatThrownBy(() -> assertThat(answer).neverLeftTheHouse()).hasMessageContaining("used=cloud");
        assertThatThrownBy(() -> assertThat(answer).neverCalled("cloud"))
                .hasMessageContaining("expected <cloud> never to be called");
    }

    @Test
    void aDeniedCallMadeNoModelCall() {
        GovernedAnswer answer = pipeline().call(GovernedRequest.of(Principal.of("intruder", "public"), "Which bed?"));

        assertThat(answer).wasDenied().hasDecision(Decision.DENY).hasReasonCodes("role_unknown").madeNoModelCall()
                .neverLeftTheHouse().isAuditedIn(audit);
        assertThat(cloud).wasNeverCalled();
        assertThat(local).wasNeverCalled();
        assertThat(audit).singleRecord().hasPayloadEntry("outcome", "denied").payloadDoesNotContain("Which bed");
        assertThatThrownBy(() -> assertThat(answer).neverCalled("cloud").wasRefused())
                .hasMessageContaining("<refused>");
    }
}
