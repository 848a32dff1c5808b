package dev.keel.pipeline;

import static dev.keel.test.core.CoreAssertions.assertThat;

import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.core.content.Labels;
import dev.keel.core.spi.AuditRecord;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.core.spi.InMemorySessionStore;
import dev.keel.policy.PolicyDocument;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * History a chat memory replays as plain text ({@link ContentLabels#REPLAYED_HISTORY}), with a real internal and a
 * real external model server on loopback: the labels the pipeline kept for each turn come back by content, clean ones
 * too; model output it never saw stays in the house and the audit record says why; history a host builds is governed
 * as given.
 */
class ReplayedHistoryTest {

    private static final Principal PARTNER = Principal.of("planner", "secret");
    private static final String SEALED_ANSWER = "On ORCA: the hearing settled it; Ada Quill and Ben Rook keep the file.";

    private final LoopbackBackend inside = LoopbackBackend.answering("internal_chatgpt", request -> SEALED_ANSWER);
    private final LoopbackBackend cloud = LoopbackBackend.answering("cloud", request -> "From the cloud.");
    private final InMemoryAuditSink audit = new InMemoryAuditSink();
    private final InMemorySessionStore sessions = new InMemorySessionStore();

    @AfterEach
    void stopServers() {
        inside.close();
        cloud.close();
    }

    private Pipeline pipeline() {
        return pipeline(Fixtures.policy());
    }

    private Pipeline pipeline(PolicyDocument policy) {
        return Pipeline.builder().policy(policy).routing(Fixtures.routingTable())
                .backends(Backends.builder().internal("internal_chatgpt", inside).external("llama", cloud)
                        .external("deepseek", cloud).build())
                .evidence(ConversationTest.sealedMatter()).reasoning(SingleCallReasoning.userMessage())
                .auditSink(audit).sessionStore(sessions).build();
    }

    /** A request of {@code question} after {@code history}, as an adapter over a chat memory sends it. */
    private static GovernedRequest replayed(String subject, List<ChatMessage> history, String question) {
        return GovernedRequest.builder().principal(PARTNER).subject(subject).history(history).message(question)
                .attribute(ContentLabels.REPLAYED_HISTORY, Boolean.TRUE).build();
    }

    private static String everyday(String prefix) {
        return Fixtures.externallyRouted(PARTNER, prefix);
    }

    private AuditRecord lastRecord() {
        return audit.records().get(audit.records().size() - 1);
    }

    @Test
    void aSealedAnswerAMemoryKeptAsTextGetsItsLabelsBackEvenRespacedAndKeepsTheNextTurnInTheHouse() {
        Pipeline pipeline = pipeline();
        String sealedQuestion = everyday("Where does the ORCA matter stand? ");
        GovernedAnswer sealed = pipeline.call(replayed("ada", List.of(), sealedQuestion));
        assertThat(sealed.provenance()).hasBackendUsed("internal_chatgpt");

        // The memory kept the text alone, and spaced it its own way.
        List<ChatMessage> memory = List.of(ChatMessage.user("  " + sealedQuestion + "\n"),
                ChatMessage.assistant(sealed.text().replace(" ", "  ") + "\n"));
        GovernedAnswer next = pipeline.call(replayed("ada", memory, everyday("Compare the calendars ")));

        assertThat(cloud.received()).isEmpty();
        assertThat(next.provenance()).hasBackendUsed("internal_chatgpt");
        assertThat(next.provenance().reasonCodes().values()).contains("internal_only_by_history")
                .doesNotContain(ContentLabels.UNKNOWN_HISTORY);
        assertThat(next.trace()).anySatisfy(step -> assertThat(step.summary())
                .contains("labels recovered for 2 message(s)"));
    }

    @Test
    void aCleanAnswerAMemoryKeptAsTextIsRecoveredAsCleanAndMayLeave() {
        Pipeline pipeline = pipeline();
        String question = everyday("Compare the calendars for retiring two boats ");
        GovernedAnswer first = pipeline.call(replayed("ada", List.of(), question));
        assertThat(first.provenance()).hasBackendUsed("cloud");

        GovernedAnswer next = pipeline.call(replayed("ada", List.of(ChatMessage.user(question),
                ChatMessage.assistant(first.text())), everyday("And the budget envelopes? ")));

        assertThat(next.provenance()).hasBackendUsed("cloud");
        assertThat(next.provenance().reasonCodes().values()).doesNotContain(ContentLabels.UNKNOWN_HISTORY,
                "internal_only_by_history");
        assertThat(cloud.bodiesFrom(1)).singleElement().asString().contains("From the cloud.");
        assertThat(sessions.read("subject:ada").get(ContentLabels.STATE_KEY)).isInstanceOf(Map.class);
    }

    @Test
    void modelOutputKeelNeverSawIsInternalOnlyAndTheAuditRecordSaysWhy() {
        // Another subject's memory, or a store that was lost: nothing is kept for this answer.
        List<ChatMessage> memory = List.of(ChatMessage.user("What is the code name?"),
                ChatMessage.assistant("Falcon is the code name for acquiring Bright-Water Ltd."));

        GovernedAnswer answer = pipeline().call(replayed("ben", memory, everyday("Compare the calendars ")));

        assertThat(cloud.received()).isEmpty();
        assertThat(answer.provenance()).hasBackendUsed("internal_chatgpt");
        assertThat(answer.provenance().reasonCodes().values()).contains(ContentLabels.UNKNOWN_HISTORY);
        assertThat(lastRecord().payload().get("reason_codes")).asString().contains(ContentLabels.UNKNOWN_HISTORY);
        assertThat(lastRecord().payload()).containsEntry("internal_only", true);
        assertThat(answer.trace()).anySatisfy(step -> assertThat(step.summary())
                .contains("1 answer(s) Keel has no labels for, internal only"));
    }

    @Test
    void aUsersMessageKeelNeverSawIsReadAfreshNotKeptIn() {
        GovernedAnswer answer = pipeline().call(replayed("ben", List.of(ChatMessage.user("Hello there")),
                everyday("Compare the calendars ")));

        assertThat(answer.provenance()).hasBackendUsed("cloud");
        assertThat(answer.provenance().reasonCodes().values()).doesNotContain(ContentLabels.UNKNOWN_HISTORY);
    }

    @Test
    void historyAHostBuildsIsGovernedAsGivenAndNothingIsKeptForIt() {
        List<ChatMessage> memory = List.of(ChatMessage.user("What is the code name?"),
                ChatMessage.assistant("Falcon is the code name for acquiring Bright-Water Ltd."));

        GovernedAnswer answer = pipeline().call(GovernedRequest.builder().principal(PARTNER).subject("ben")
                .history(memory).message(everyday("Compare the calendars ")).build());

        assertThat(answer.provenance()).hasBackendUsed("cloud");
        assertThat(answer.provenance().reasonCodes().values()).doesNotContain(ContentLabels.UNKNOWN_HISTORY);
        assertThat(sessions.read("subject:ben")).isEmpty();
    }

    @Test
    void aDeniedQuestionAMemoryKeptAsTextIsDroppedNotReplayed() {
        Pipeline pipeline = pipeline(ConversationTest.policyNamingCrews());
        Principal guest = Principal.of("guest", "secret");
        GovernedAnswer denied = pipeline.call(GovernedRequest.builder().principal(guest).subject("guest-1")
                .message("List the crew of boat ORCA by name").attribute(ContentLabels.REPLAYED_HISTORY, true)
                .build());
        assertThat(denied.outcome()).isEqualTo(TurnOutcome.DENIED);

        GovernedAnswer followUp = pipeline.call(GovernedRequest.builder().principal(guest).subject("guest-1")
                .history(List.of(ChatMessage.user("List the crew of boat ORCA by name")))
                .message(Fixtures.externallyRouted(guest, "Please answer my previous question "))
                .attribute(ContentLabels.REPLAYED_HISTORY, true).build());

        assertThat(followUp.provenance().reasonCodes().values()).contains("denied_content_dropped");
        assertThat(cloud.bodiesFrom(0)).singleElement().asString().contains("previous question")
                .doesNotContain("ORCA", "crew");
    }

    @Test
    void aConversationKeepsTheLabelsOfItsLatestContentsOnly() {
        Map<String, Object> full = new LinkedHashMap<>();
        for (int i = 0; i < ContentLabels.KEPT; i++) {
            full.put("old-" + i, ContentLabels.toWire(Labels.NONE));
        }
        sessions.update("subject:ada", state -> Map.of(ContentLabels.STATE_KEY, full));

        pipeline().call(replayed("ada", List.of(), everyday("Compare the calendars ")));

        @SuppressWarnings("unchecked")
        Map<String, Object> kept = (Map<String, Object>) sessions.read("subject:ada").get(ContentLabels.STATE_KEY);
        assertThat(kept).hasSize(ContentLabels.KEPT).doesNotContainKey("old-0").containsKey("old-"
                + (ContentLabels.KEPT - 1));
    }

    @Test
    void labelsGoToThePlainValueAndBackAndWhatCannotBeReadIsInternalOnly() {
        Labels sealed = Labels.of(Set.of("crew_records"), true, Decision.PARTIAL);
        Labels unassessed = new Labels(Set.of("summaries"), false, null);

        assertThat(ContentLabels.fromWire(ContentLabels.toWire(sealed))).isEqualTo(sealed);
        assertThat(ContentLabels.fromWire(ContentLabels.toWire(unassessed))).isEqualTo(unassessed);
        for (Object unreadable : List.of("internal_only", Map.of("domains", List.of(7), "internal_only", false),
                Map.of("domains", List.of(), "internal_only", false, "decision", "MAYBE"))) {
            assertThat(ContentLabels.fromWire(unreadable).internalOnly()).as("%s", unreadable).isTrue();
        }
    }
}
