package dev.keel.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.Decision;
import dev.keel.core.InvalidInputException;
import dev.keel.core.Principal;
import dev.keel.core.content.Part;
import dev.keel.core.spi.AuditRecord;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.ChatRole;
import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.core.spi.StreamHandle;
import dev.keel.core.spi.ToolSpec;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.ToolPlacement;
import dev.keel.policy.ToolPolicy;
import dev.keel.test.core.Reply;
import dev.keel.test.core.ScriptedBackend;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Tools the caller runs: an allowed call ends the turn with it (arguments as the gate lets them leave), a refused one
 * is answered inside the turn; the caller's next request carries the results, which the gate labels afresh, lowering
 * the decision over their tools' domains, so that a replayed history of results never raises it.
 */
class CallerToolsTest {

    private static final String ANSWER = "Boat 12 retires in week 31 with 4500 hours left.";

    private final InMemoryAuditSink audit = new InMemoryAuditSink();

    private Pipeline pipeline(PolicyDocument policy, ScriptedBackend model) {
        return Pipeline.builder().policy(policy).routing(Fixtures.routingTable())
                .backends(Backends.builder().internal("internal_chatgpt", model)
                        .external("llama", model).external("deepseek", model).build())
                .reasoning(SingleCallReasoning.userMessage()).auditSink(audit).build();
    }

    private static Tools callerTools() {
        return Tools.builder()
                .runByCaller(ToolSpec.of("crew_roster", "Who serves on a boat."))
                .runByCaller(ToolSpec.of("budget_ledger", "The budget envelope of a year."))
                .runByCaller(ToolSpec.of("market_rates", "Market prices of parts."))
                .build();
    }

    private static List<Part.ToolResult> results(ChatRequest request) {
        return request.messages().stream().filter(message -> message.role() == ChatRole.TOOL)
                .flatMap(message -> message.parts().stream()).map(Part.ToolResult.class::cast).toList();
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> toolsOf(GovernedAnswer answer) {
        return (List<Map<String, Object>>) answer.provenance().extension("tools");
    }

    private AuditRecord lastRecord() {
        return audit.records().get(audit.records().size() - 1);
    }

    @Test
    void anAllowedCallEndsTheTurnWithItsArgumentsAsTheyMayLeaveAndARefusedOneIsAnsweredInTheTurn() {
        ScriptedBackend model = ScriptedBackend.named("model").then(
                Reply.toolCalls(Part.ToolCall.of("c1", "crew_roster", Map.of("boat", "Ash"))),
                Reply.toolCalls(Part.ToolCall.of("c2", "market_rates", Map.of("part", "rotor",
                        "account", "ACC-7781", "note", "hull FX-204 at 4500 hours"))));

        Pipeline pipeline = pipeline(ToolCallTest.policy(), model);
        GovernedAnswer answer = pipeline.call(GovernedRequest.builder()
                .principal(ToolCallTest.GUEST).message("Give a summary of the crew").tools(callerTools()).build());

        assertThat(answer.outcome()).isEqualTo(TurnOutcome.TOOL_CALLS);
        assertThat(model.requests()).hasSize(2);
        assertThat(results(model.requests().get(1))).singleElement().satisfies(refusal -> assertThat(refusal.result())
                .isEqualTo(Map.of("refused", true, "reason_codes", List.of("tool_role_not_allowed"))));
        assertThat(answer.toolCalls()).singleElement().satisfies(call -> {
            assertThat(call.id()).isEqualTo("c2");
            assertThat(call.name()).isEqualTo("market_rates");
            String sent = call.rendered();
            assertThat(sent).contains("rotor").doesNotContain("ACC-7781", "FX-204", "4500");
        });
        assertThat(answer.provenance().reasonCodes().values()).contains("tool_role_not_allowed",
                "tool_results_awaited");
        assertThat(toolsOf(answer)).extracting(entry -> entry.get("tool") + " " + entry.get("decision"))
                .containsExactly("crew_roster DENY", "market_rates ALLOW");
        assertThat(toolsOf(answer).get(1)).containsEntry("run_by", "caller").containsEntry("result", null);
        // The turn's record waits for the caller's results, and is written alone when they never come.
        assertThat(audit.records()).isEmpty();
        pipeline.close();
        assertThat(audit.records()).hasSize(1);
        assertThat(lastRecord().payload()).containsEntry("outcome", "tool_calls")
                .containsEntry("incomplete_turn", "closed");
        assertThat((List<?>) lastRecord().payload().get("tools")).hasSize(2);
    }

    @Test
    void theCallersResultsAreLabelledByTheGateAndLowerTheDecisionAndTheAnswerIsFilteredUnderTheLowest() {
        ScriptedBackend model = ScriptedBackend.named("model").otherwise(Reply.text(ANSWER));
        Principal auditor = ToolCallTest.AUDITOR;
        String question = "Show the provenance of the plan";
        GovernedAnswer without = pipeline(ToolCallTest.policy(), model).call(GovernedRequest.builder()
                .principal(auditor).message(question).tools(callerTools()).build());

        GovernedAnswer answer = pipeline(ToolCallTest.policy(), model).call(GovernedRequest.builder()
                .principal(auditor).message(question).tools(callerTools())
                .toolExchange(List.of(ChatMessage.toolCalls("", List.of(Part.ToolCall.of("c1", "budget_ledger",
                                Map.of("year", 2027)))),
                        ChatMessage.toolResult(Part.ToolResult.of("c1", "budget_ledger", Map.of("envelope", 4500)))))
                .build());

        assertThat(without.decision()).isEqualTo(Decision.ALLOW);
        assertThat(without.text()).contains("4500");
        assertThat(answer.outcome()).isEqualTo(TurnOutcome.ANSWERED);
        assertThat(answer.decision()).isEqualTo(Decision.PARTIAL);
        assertThat(answer.text()).doesNotContain("4500", "12", "31");
        assertThat(answer.provenance().reasonCodes().values()).contains("tool_result_lowered");
        ChatRequest sent = model.requests().get(model.requests().size() - 1);
        assertThat(results(sent)).singleElement().satisfies(result -> {
            assertThat(result.labels().domains()).contains("budget_envelopes");
            assertThat(result.labels().decision()).isEqualTo(Decision.PARTIAL);
        });
        assertThat(toolsOf(answer)).singleElement().satisfies(entry -> assertThat(entry)
                .containsEntry("tool", "budget_ledger").containsEntry("decision", "ALLOW")
                .containsEntry("run_by", "caller"));
        assertThat(lastRecord().payload()).containsEntry("tool_exchange_messages", 2);
    }

    @Test
    void aResultOfAToolTheCallerMayNotCallIsWithheldFromEveryModel() {
        ScriptedBackend model = ScriptedBackend.named("model").otherwise(Reply.text("A summary."));

        GovernedAnswer answer = pipeline(ToolCallTest.policy(), model).call(GovernedRequest.builder()
                .principal(ToolCallTest.GUEST).message("Give a summary of the fleet").tools(callerTools())
                .toolExchange(List.of(ChatMessage.toolCalls("", List.of(Part.ToolCall.of("c1", "crew_roster",
                                Map.of()))),
                        ChatMessage.toolResult(Part.ToolResult.of("c1", "crew_roster", "Ann Reed, Bo Lind"))))
                .build());

        assertThat(model.requests()).allSatisfy(request -> assertThat(request.messages().stream()
                .map(ChatMessage::text)).noneMatch(text -> text.contains("Ann Reed")));
        assertThat(results(model.requests().get(0))).singleElement().satisfies(result -> assertThat(result.result())
                .isEqualTo(Map.of("refused", true, "reason_codes", List.of("tool_role_not_allowed",
                        "tool_result_withheld"))));
        assertThat(toolsOf(answer)).singleElement().satisfies(entry -> assertThat(entry)
                .containsEntry("decision", "DENY").containsEntry("run_by", "caller"));
    }

    @Test
    void aStreamedTurnThatEndsWithCallsStreamsNoAnswerAndCompletesWithThem() {
        ScriptedBackend model = ScriptedBackend.named("model").then(Reply.toolCalls(
                Part.ToolCall.of("c1", "market_rates", Map.of("part", "rotor"))));
        List<String> chunks = new ArrayList<>();
        List<GovernedAnswer> completed = new ArrayList<>();

        pipeline(ToolCallTest.policy(), model).stream(GovernedRequest.builder().principal(ToolCallTest.PLANNER)
                .message("What do rotor parts cost?").tools(callerTools()).build(), new AnswerSink() {
                    @Override
                    public void chunk(String text) {
                        chunks.add(text);
                    }

                    @Override
                    public void complete(GovernedAnswer answer) {
                        completed.add(answer);
                    }

                    @Override
                    public void fail(dev.keel.core.KeelException failure) {
                        throw failure;
                    }
                }, StreamHandle.create());

        assertThat(chunks).isEmpty();
        assertThat(completed).singleElement().satisfies(answer -> {
            assertThat(answer.outcome()).isEqualTo(TurnOutcome.TOOL_CALLS);
            assertThat(answer.toolCalls()).extracting(Part.ToolCall::name).containsExactly("market_rates");
        });
    }

    @Test
    void aRequestsToolsAreRunEitherByExecutorsOrByTheCallerAndAnExchangeHoldsCallsAndResultsOnly() {
        assertThatThrownBy(() -> Tools.builder().runByCaller(ToolSpec.of("a", "")).tool(ToolSpec.of("b", ""),
                call -> "x").build()).isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(() -> GovernedRequest.builder().message("hi")
                .toolExchange(List.of(ChatMessage.user("sneaked in"))).build())
                .isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(() -> GovernedRequest.builder().message("hi").toolExchange(List.of(
                ChatMessage.toolCalls("", List.of(Part.ToolCall.of("c1", "a", Map.of()))))).build())
                .isInstanceOf(InvalidInputException.class);
    }

    /** Over generated principals, questions and histories of results, replaying them never raises the decision. */
    @Test
    void replayingAnyHistoryOfToolResultsNeverRaisesTheDecision() {
        long seed = 20261126L;
        Random random = new Random(seed);
        List<String> tools = List.of("crew_roster", "budget_ledger", "market_rates", "unlisted_tool");
        List<String> roles = List.of("planner", "auditor", "guest");
        List<String> clearances = List.of("unclassified", "secret", "top_secret");
        List<String> questions = List.of("Give a summary of the fleet", "Show the provenance of the plan",
                "Which boats retire next year?", "What is the budget for week 31?", "Hello there");
        int lowered = 0;
        for (int i = 0; i < 150; i++) {
            Principal principal = Principal.of(roles.get(random.nextInt(roles.size())),
                    clearances.get(random.nextInt(clearances.size())));
            String question = questions.get(random.nextInt(questions.size()));
            List<ChatMessage> exchange = new ArrayList<>();
            int rounds = 1 + random.nextInt(3);
            for (int round = 0; round < rounds; round++) {
                List<Part.ToolCall> calls = new ArrayList<>();
                List<ChatMessage> answers = new ArrayList<>();
                for (int c = 0; c <= random.nextInt(2); c++) {
                    String id = "c" + round + "_" + c;
                    String tool = tools.get(random.nextInt(tools.size()));
                    calls.add(Part.ToolCall.of(id, tool, Map.of("q", question)));
                    answers.add(ChatMessage.toolResult(Part.ToolResult.of(id, tool, Map.of("value", 4500))));
                }
                exchange.add(ChatMessage.toolCalls("", calls));
                exchange.addAll(answers);
            }
            String context = "case " + i + " of seed " + seed + ": " + principal + ", '" + question + "', "
                    + exchange.stream().map(ChatMessage::text).toList();
            ScriptedBackend model = ScriptedBackend.named("model").otherwise(Reply.text(ANSWER));

            GovernedAnswer without = pipeline(ToolCallTest.policy(), model).call(GovernedRequest.builder()
                    .principal(principal).message(question).tools(callerTools()).build());
            GovernedAnswer with = pipeline(ToolCallTest.policy(), model).call(GovernedRequest.builder()
                    .principal(principal).message(question).tools(callerTools()).toolExchange(exchange).build());

            assertThat(with.decision().mostRestrictive(without.decision())).as(context).isEqualTo(with.decision());
            if (with.decision() != without.decision()) {
                lowered++;
            }
            if (with.decision() != Decision.ALLOW) {
                assertThat(with.text()).as(context).doesNotContain("4500");
            }
        }
        assertThat(lowered).as("cases lowered by a replayed result, seed " + seed).isPositive();
    }
}
