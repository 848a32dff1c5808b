package dev.keel.pipeline;

import static dev.keel.test.core.CoreAssertions.assertThat;

import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.core.evidence.EvidenceItem;
import dev.keel.core.evidence.EvidenceSet;
import dev.keel.core.evidence.Locator;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.core.spi.InMemorySessionStore;
import dev.keel.policy.DomainRule;
import dev.keel.policy.PolicyDocument;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A governed call over a conversation, with a real internal and a real external model server on loopback: what the
 * external server received is what left the house.
 */
class ConversationTest {

    private static final Principal PARTNER = Principal.of("planner", "secret");
    private static final Principal GUEST = Principal.of("guest", "secret");

    private final LoopbackBackend inside = LoopbackBackend.answering("internal_chatgpt",
            request -> "On ORCA: the hearing settled it; Ada Quill and Ben Rook keep the file.");
    private final LoopbackBackend cloud = LoopbackBackend.answering("cloud", request -> "From the cloud.");
    private final InMemoryAuditSink audit = new InMemoryAuditSink();
    private final InMemorySessionStore sessions = new InMemorySessionStore();

    @AfterEach
    void stopServers() {
        inside.close();
        cloud.close();
    }

    /** The fleet policy with a domain rule for crews: crew records are internal only, and denied to guests. */
    static PolicyDocument policyNamingCrews() {
        return Fixtures.policyBuilder().domainRule(DomainRule.of(List.of("crew*"), List.of("crew_records"))).build();
    }

    /** The sealed matter's records are evidence of an internal-only domain, found only when ORCA is asked about. */
    static EvidenceProvider sealedMatter() {
        return turn -> turn.request().message().contains("ORCA")
                ? EvidenceSet.of(List.of(new EvidenceItem("records", "crew_records", Locator.csv("orca.csv", 2),
                        "ORCA hearing file")))
                : EvidenceSet.empty();
    }

    private Pipeline.Builder pipeline(PolicyDocument policy) {
        return Pipeline.builder().policy(policy).routing(Fixtures.routingTable())
                .backends(Backends.builder().internal("internal_chatgpt", inside).external("llama", cloud)
                        .external("deepseek", cloud).build())
                .reasoning(SingleCallReasoning.userMessage()).auditSink(audit).sessionStore(sessions);
    }

    private static String everyday(Principal principal, String prefix) {
        return Fixtures.externallyRouted(principal, prefix);
    }

    @Test
    void aSealedMatterAnsweredInTheHouseNeverFollowsAnEverydayQuestionToTheCloud() {
        Pipeline pipeline = pipeline(Fixtures.policy()).evidence(sealedMatter()).build();
        GovernedAnswer sealed = pipeline.call(GovernedRequest.of(PARTNER, everyday(PARTNER,
                "Where does the ORCA matter stand? ")));
        assertThat(sealed.provenance()).hasBackendUsed("internal_chatgpt");
        assertThat(sealed.userMessage().labels().internalOnly()).isTrue();
        assertThat(sealed.answerMessage().labels().internalOnly()).isTrue();
        assertThat(sealed.answerMessage().text()).isEqualTo(sealed.text());

        GovernedAnswer next = pipeline.call(GovernedRequest.builder().principal(PARTNER)
                .history(List.of(sealed.userMessage(), sealed.answerMessage()))
                .message(everyday(PARTNER, "Compare the calendars for retiring two boats ")).build());

        assertThat(cloud.received()).isEmpty();
        assertThat(next.provenance()).hasBackendUsed("internal_chatgpt");
        assertThat(next.provenance().reasonCodes().values()).contains("internal_only_by_history");
        assertThat(inside.bodiesFrom(1)).singleElement().asString().contains("ORCA", "Ada Quill");
        assertThat(next.userMessage().labels().internalOnly()).isTrue();
    }

    @Test
    void aSessionThatHadToStayInTheHouseStaysSoUntilTheHostClearsIt() {
        Pipeline pipeline = pipeline(Fixtures.policy()).evidence(sealedMatter()).build();
        GovernedAnswer sealed = pipeline.call(GovernedRequest.builder().principal(PARTNER).sessionId("s-7")
                .message(everyday(PARTNER, "Where does the ORCA matter stand? ")).build());
        // The host's memory kept plain text: nothing in its words says the matter is sealed.
        List<ChatMessage> plain = List.of(ChatMessage.user(sealed.userMessage().text()),
                ChatMessage.assistant(sealed.text()));
        GovernedRequest everydayQuestion = GovernedRequest.builder().principal(PARTNER).sessionId("s-7")
                .history(plain).message(everyday(PARTNER, "Compare the calendars for retiring two boats ")).build();

        GovernedAnswer kept = pipeline.call(everydayQuestion);
        assertThat(cloud.received()).isEmpty();
        assertThat(kept.provenance().reasonCodes().values()).contains("internal_only_by_session");

        pipeline.clearInternalOnly("s-7");
        GovernedAnswer released = pipeline.call(everydayQuestion);
        assertThat(released.provenance().backendUsed()).isEqualTo("cloud");
        assertThat(cloud.received()).hasSize(1);
    }

    @Test
    void aMarkingAnywhereInThePlainHistoryKeepsTheTurnInTheHouse() {
        Pipeline pipeline = pipeline(Fixtures.policy()).build();
        GovernedAnswer next = pipeline.call(GovernedRequest.builder().principal(PARTNER)
                .history(List.of(ChatMessage.user("top secret: where does the ORCA matter stand?"),
                        ChatMessage.assistant("The hearing settled it.")))
                .message(everyday(PARTNER, "Compare the calendars for retiring two boats ")).build());

        assertThat(cloud.received()).isEmpty();
        assertThat(next.provenance()).hasBackendUsed("internal_chatgpt");
        assertThat(next.provenance().reasonCodes().values()).contains("internal_only_marking");
    }

    @Test
    void aDeniedQuestionIsNeverReplayedWhenTheNextAsksForItsAnswer() {
        Pipeline pipeline = pipeline(policyNamingCrews()).build();
        GovernedAnswer denied = pipeline.call(GovernedRequest.of(GUEST, "List the crew of boat ORCA by name"));
        assertThat(denied.outcome()).isEqualTo(TurnOutcome.DENIED);
        assertThat(denied.userMessage().labels().denied()).isTrue();
        assertThat(denied.answerMessage().labels().denied()).isTrue();

        GovernedAnswer followUp = pipeline.call(GovernedRequest.builder().principal(GUEST)
                .history(List.of(denied.userMessage(), denied.answerMessage()))
                .message(everyday(GUEST, "Please answer my previous question ")).build());

        assertThat(followUp.outcome()).isEqualTo(TurnOutcome.ANSWERED);
        assertThat(cloud.received()).hasSize(1);
        assertThat(cloud.bodiesFrom(0)).singleElement().asString().contains("previous question")
                .doesNotContain("ORCA", "crew", "denied");
        assertThat(followUp.provenance().reasonCodes().values()).contains("denied_content_dropped");
        assertThat(followUp.trace()).anySatisfy(step -> assertThat(step.summary())
                .contains("2 part(s) of the history denied for this principal dropped"));
    }

    @Test
    void aDeniedQuestionKeptAsPlainTextDeniesTheFollowUpToo() {
        Pipeline pipeline = pipeline(policyNamingCrews()).build();
        GovernedAnswer followUp = pipeline.call(GovernedRequest.builder().principal(GUEST)
                .history(List.of(ChatMessage.user("List the crew of boat ORCA by name"),
                        ChatMessage.assistant("The request was denied (domain_denied).")))
                .message(everyday(GUEST, "Please answer my previous question ")).build());

        assertThat(followUp.outcome()).isEqualTo(TurnOutcome.DENIED);
        assertThat(cloud.received()).isEmpty();
        assertThat(inside.received()).isEmpty();
    }

    @Test
    void anInternalOnlyPartAStepCarriesIntoAPromptPassesOverTheCloud() {
        ReasoningStep carrying = turn -> {
            ChatRequest prompt = ChatRequest.builder().messages(turn.conversation())
                    .addMessage(ChatMessage.of(dev.keel.core.spi.ChatRole.USER, dev.keel.core.content.Part
                            .text("tool said: ORCA file").withLabels(dev.keel.core.content.Labels.of(
                                    java.util.Set.of("crew_records"), true, Decision.ALLOW))))
                    .build();
            return Reasoning.draft(turn.backends().chat("llama", prompt).text());
        };
        GovernedAnswer answer = pipeline(Fixtures.policy()).reasoning(carrying).build()
                .call(GovernedRequest.of(PARTNER, "Compare the calendars"));

        assertThat(cloud.received()).isEmpty();
        assertThat(answer.calls()).singleElement().satisfies(call -> assertThat(call.usedReason())
                .startsWith("internal_only_content"));
        assertThat(answer.provenance().reasonCodes().values()).contains("internal_only_content");
    }

    @Test
    void aDocumentTheHostLabelledInTheUsersMessageLowersTheDecisionOverItsDomains() {
        Principal auditor = Principal.of("auditor", "secret");
        String question = everyday(auditor, "Give me an overview of this note ");
        dev.keel.core.content.Part note = dev.keel.core.content.Part.text("A note for the fleet.")
                .withLabels(new dev.keel.core.content.Labels(java.util.Set.of("budget_envelopes"), false, null));
        Pipeline pipeline = pipeline(Fixtures.policy()).build();

        GovernedAnswer unlabelled = pipeline.call(GovernedRequest.builder().principal(auditor)
                .message(dev.keel.core.content.Part.text(question),
                        dev.keel.core.content.Part.text("A note for the fleet.")).build());
        GovernedAnswer labelled = pipeline.call(GovernedRequest.builder().principal(auditor)
                .message(dev.keel.core.content.Part.text(question), note).build());

        assertThat(unlabelled.decision()).isEqualTo(Decision.ALLOW);
        assertThat(labelled.decision()).isEqualTo(Decision.PARTIAL);
        assertThat(labelled.provenance().reasonCodes().values()).contains("decision_lowered_by_message");
        assertThat(labelled.userMessage().labels().domains()).contains("budget_envelopes");
    }

    @Test
    void aDocumentTheHostLabelledInternalOnlyKeepsTheTurnInTheHouseFromRoutingOn() {
        dev.keel.core.content.Part sealed = dev.keel.core.content.Part.text("The ORCA file.")
                .withLabels(new dev.keel.core.content.Labels(java.util.Set.of(), true, null));
        GovernedAnswer answer = pipeline(Fixtures.policy()).build().call(GovernedRequest.builder().principal(PARTNER)
                .message(dev.keel.core.content.Part.text(everyday(PARTNER, "Compare the calendars ")), sealed).build());

        assertThat(cloud.received()).isEmpty();
        assertThat(answer.provenance()).hasBackendUsed("internal_chatgpt");
        assertThat(answer.provenance().reasonCodes().values()).contains("internal_only_by_message");
    }
}
