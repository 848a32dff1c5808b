package dev.keel.aiservices;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.aiservices.Ward.ScriptedModel;
import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.core.spi.AuditRecord;
import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.pipeline.KeelDeniedException;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.request.ChatRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Replaying any history of tool results to the governed chat model never raises the decision: over generated
 * principals, questions and conversations that end with tool calls and their results (tools the policy lists or not,
 * in the house or outside, of domains the caller may or may not see), the chat's decision is never more permissive
 * than the same question's without them, and its answer is filtered under it.
 */
class ReplayedToolResultsTest {

    private static final long SEED = 20261127L;
    private static final int CASES = 120;
    private static final List<String> TOOLS = List.of("patient_chart", "bed_board", "supplier_prices", "unlisted");
    private static final List<Principal> PRINCIPALS = List.of(Ward.CLINICIAN, Ward.AUDITOR, Ward.VISITOR,
            Principal.of("clinician", "secret"), Principal.of("visitor", "confidential"));
    private static final List<String> QUESTIONS = List.of("Give a summary of the ward", "Give an audit overview",
            "How busy are the beds?", "Hello there", "What is the diagnosis of patient Ada?");
    private static final String ANSWER = "17 of 24 beds are occupied, 71% of the ward.";

    private static List<ToolSpecification> specs() {
        return TOOLS.stream().map(name -> ToolSpecification.builder().name(name).description("A ward tool.")
                .build()).toList();
    }

    /** The decision the chat of {@code messages} was audited with, and its answer when it was answered. */
    private static Object[] chat(Principal principal, List<ChatMessage> messages) {
        InMemoryAuditSink audit = new InMemoryAuditSink();
        GovernedChatModel governed = GovernedChatModel.builder(GovernedChatModel.pipeline(ToolsOverHttpTest.policy())
                .internal("ward", ScriptedModel.answering(ANSWER)).external("cloud", ScriptedModel.answering(ANSWER))
                .auditSink(audit).build()).principal(() -> principal).build();
        String text = null;
        try {
            text = governed.chat(ChatRequest.builder().messages(messages).toolSpecifications(specs()).build())
                    .aiMessage().text();
        } catch (KeelDeniedException denied) {
            // A denial is a decision like any other: its record says DENY.
        }
        AuditRecord record = audit.records().get(audit.records().size() - 1);
        return new Object[] {Decision.valueOf(String.valueOf(Ward.payload(record, "decision"))), text};
    }

    @Test
    void replayingAnyHistoryOfToolResultsNeverRaisesTheDecision() {
        Random random = new Random(SEED);
        int lowered = 0;
        for (int i = 0; i < CASES; i++) {
            Principal principal = PRINCIPALS.get(random.nextInt(PRINCIPALS.size()));
            UserMessage question = UserMessage.from(QUESTIONS.get(random.nextInt(QUESTIONS.size())));
            List<ChatMessage> replayed = new ArrayList<>(List.of(question));
            for (int round = 0; round <= random.nextInt(3); round++) {
                List<ToolExecutionRequest> calls = new ArrayList<>();
                List<ChatMessage> results = new ArrayList<>();
                for (int c = 0; c <= random.nextInt(2); c++) {
                    String id = "c" + round + "_" + c;
                    String tool = TOOLS.get(random.nextInt(TOOLS.size()));
                    calls.add(ToolExecutionRequest.builder().id(id).name(tool).arguments("{}").build());
                    results.add(ToolExecutionResultMessage.from(id, tool, "Beds occupied: 17 of 24."));
                }
                replayed.add(AiMessage.from(calls));
                replayed.addAll(results);
            }
            String context = "case " + i + " of seed " + SEED + ": " + principal + ", " + replayed;

            Object[] without = chat(principal, List.of(question));
            Object[] with = chat(principal, replayed);

            Decision before = (Decision) without[0];
            Decision after = (Decision) with[0];
            assertThat(after.mostRestrictive(before)).as(context).isEqualTo(after);
            if (after != before) {
                lowered++;
            }
            if (after == Decision.PARTIAL) {
                assertThat(Ward.holdsDigits(String.valueOf(with[1]))).as(context + ": " + with[1]).isFalse();
            }
        }
        // The generated cases reach the lowering, not only decisions a result leaves as they were.
        assertThat(lowered).as("cases lowered by replayed results, seed " + SEED).isPositive();
    }
}
