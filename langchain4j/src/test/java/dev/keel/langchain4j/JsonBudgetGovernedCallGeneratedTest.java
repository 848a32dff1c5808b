package dev.keel.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.Decision;
import dev.keel.core.KeelException;
import dev.keel.core.Principal;
import dev.keel.core.content.Part;
import dev.keel.core.json.JsonBudget;
import dev.keel.core.json.JsonBudgetCases;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRole;
import dev.keel.core.spi.StreamHandle;
import dev.keel.core.spi.ToolSpec;
import dev.keel.pipeline.AnswerSink;
import dev.keel.pipeline.BackendCall;
import dev.keel.pipeline.Backends;
import dev.keel.pipeline.GovernedAnswer;
import dev.keel.pipeline.GovernedRequest;
import dev.keel.pipeline.Pipeline;
import dev.keel.pipeline.SingleCallReasoning;
import dev.keel.pipeline.Tools;
import dev.keel.pipeline.TurnOutcome;
import dev.keel.policy.DomainRule;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.RolePolicy;
import dev.keel.policy.ToolPlacement;
import dev.keel.policy.ToolPolicy;
import dev.keel.reading.OutboundFilter;
import dev.keel.routing.PoolEntry;
import dev.keel.routing.RoutingTable;
import dev.keel.test.core.LoopbackModelServer;
import dev.keel.test.core.ModelApi;
import dev.keel.test.core.Reply;
import dev.keel.test.properties.Gen;
import dev.keel.test.properties.Property;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Governed calls whose JSON is around the {@link JsonBudget} ({@link JsonBudgetCases}: nested as objects, arrays or
 * both at, just under and just over its depth and far past it, and around its size), through {@link Pipeline} with
 * Keel's OpenAI-compatible client against a model server on loopback, called and streamed: a tool executor's result,
 * a host's JSON part and a model's tool-call arguments. Whatever the depth or size, the turn is answered and no
 * backend fails; a result or part past the budget reaches the model as the budget's placeholder, named in the answer's
 * reason codes and counted as withheld in the external call's record; a call with arguments past it is refused with
 * the budget's code and never runs; anything within it arrives whole.
 */
class JsonBudgetGovernedCallGeneratedTest {

    private static final Principal ANALYST = Principal.of("analyst", "internal");
    private static final String ANSWER = "The ledger was read.";
    private static final JsonCodec CODEC = JsonCodec.strict();

    enum Mode { CALLED, STREAMED }

    private final LoopbackModelServer server = LoopbackModelServer.start();
    private final Pipeline pipeline = pipeline();

    @AfterEach
    void stop() {
        server.close();
    }

    /** A tool that records the arguments of each call it ran and answers {@code result}. */
    private static final class Ledger {
        final List<Map<String, Object>> calls = new CopyOnWriteArrayList<>();
        final Tools tools;

        Ledger(@Nullable Object result) {
            tools = Tools.builder().tool(ToolSpec.of("ledger_lookup", "Balances of one account."), call -> {
                calls.add(call.arguments());
                return result;
            }).build();
        }
    }

    private Pipeline pipeline() {
        PolicyDocument policy = PolicyDocument.builder().policyId("ledger").version("1")
                .role("analyst", new RolePolicy(List.of("internal"), List.of("accounts"), Decision.ALLOW))
                .domainRule(DomainRule.of(List.of("ledger*"), List.of("accounts")))
                .tool("ledger_lookup", ToolPolicy.of(List.of("analyst"), List.of("accounts"), ToolPlacement.INTERNAL))
                .build();
        return Pipeline.builder().policy(policy)
                .routing(RoutingTable.builder().pool(1, new PoolEntry("cloud", "single", "cloud"))
                        .internalBackendTarget("house").build())
                .backends(Backends.builder()
                        .internal("house", OpenAiBackends.create("house", "in-house", server.openAiBaseUrl(), null,
                                Duration.ofSeconds(10)))
                        .external("cloud", OpenAiBackends.create("cloud", "gpt-4o-mini", server.openAiBaseUrl(),
                                "sk-test-4f3e2d1c0b9a8f7e", Duration.ofSeconds(10)))
                        .build())
                .reasoning(SingleCallReasoning.userMessage()).build();
    }

    /** The governed answer to {@code request}, called or streamed; a failure fails the test. */
    private GovernedAnswer answer(GovernedRequest request, Mode mode) {
        if (mode == Mode.CALLED) {
            return pipeline.call(request);
        }
        GovernedAnswer[] answered = new GovernedAnswer[1];
        KeelException[] failed = new KeelException[1];
        StringBuilder streamed = new StringBuilder();
        pipeline.stream(request, new AnswerSink() {
            @Override
            public void chunk(String text) {
                streamed.append(text);
            }

            @Override
            public void complete(GovernedAnswer answer) {
                answered[0] = answer;
            }

            @Override
            public void fail(KeelException failure) {
                failed[0] = failure;
            }
        }, StreamHandle.create());
        assertThat(failed[0]).as("the stream's failure").isNull();
        assertThat(streamed.toString()).isEqualTo(answered[0].text());
        return answered[0];
    }

    /** The tool results the model was given in the request the server received {@code index}th. */
    private List<Part.ToolResult> toolResults(int index) {
        return server.requests().get(index).chat().orElseThrow().messages().stream()
                .filter(message -> message.role() == ChatRole.TOOL).flatMap(message -> message.parts().stream())
                .map(Part.ToolResult.class::cast).toList();
    }

    private static void assertAnswered(GovernedAnswer answer, String context) {
        assertThat(answer.outcome()).as(context).isEqualTo(TurnOutcome.ANSWERED);
        assertThat(answer.text()).as(context).isEqualTo(ANSWER);
        assertThat(answer.provenance().backendUsed()).as(context).isEqualTo("cloud");
        assertThat(answer.calls()).as(context).allSatisfy(call -> assertThat(call.usedReason()).isNull());
    }

    /** What the external calls withheld of the code, summed over the turn's calls. */
    private static int withheld(GovernedAnswer answer, String code) {
        return answer.calls().stream().filter(BackendCall::external)
                .mapToInt(call -> call.withheld().getOrDefault(code, 0)).sum();
    }

    @Test
    void aToolResultPastTheBudgetDepthReachesTheModelAsItsPlaceholderAndTheTurnIsAnsweredCalledAndStreamed() {
        Property.forAll(JsonBudgetCases.nested(), Gen.of(Mode.values())).tries(24).check(this::toolResult);
    }

    @Test
    void aToolResultPastTheBudgetSizeReachesTheModelAsItsPlaceholderAndTheTurnIsAnsweredCalledAndStreamed() {
        Property.forAll(JsonBudgetCases.sized(), Gen.of(Mode.values())).tries(4).check(this::toolResult);
    }

    private void toolResult(JsonBudgetCases.Case generated, Mode mode) {
        String context = generated + ", " + mode;
        int before = server.requests().size();
        server.then(Reply.toolCalls(Part.ToolCall.of("call_1", "ledger_lookup", Map.of("account", "AC-1"))),
                Reply.text(ANSWER));
        Ledger ledger = new Ledger(generated.value());

        GovernedAnswer answer = answer(GovernedRequest.builder().principal(ANALYST).message("Read the ledger")
                .tools(ledger.tools).build(), mode);

        assertAnswered(answer, context);
        assertThat(ledger.calls).as(context).hasSize(1);
        assertThat(server.requests()).as(context).hasSize(before + 2);
        // The result goes to the model as text: its JSON, or what the filter put in its place.
        Object given = toolResults(before + 1).get(0).result();
        if (generated.overBudget().isPresent()) {
            String code = generated.overBudget().get();
            assertThat(given).as(context).isEqualTo(CODEC.write(JsonBudget.withheld(code)));
            assertThat(answer.provenance().reasonCodes().values()).as(context).contains(code);
            assertThat(withheld(answer, code)).as(context).isEqualTo(1);
        } else if (generated.size() > OutboundFilter.DEFAULT_MAX_INPUT_CHARS) {
            assertThat(given).as(context).isEqualTo("[text withheld: too long to filter]");
        } else {
            assertThat(CODEC.parse((String) given)).as(context).isEqualTo(CODEC.parse(generated.json()));
            assertThat(answer.provenance().reasonCodes().values()).as(context)
                    .doesNotContain(JsonBudget.TOO_DEEP, JsonBudget.TOO_LARGE);
        }
    }

    @Test
    void aHostsJsonPartPastTheBudgetReachesTheModelAsItsPlaceholderAndTheTurnIsAnsweredCalledAndStreamed() {
        Property.forAll(JsonBudgetCases.nested(), Gen.of(Mode.values())).tries(16).check((generated, mode) -> {
            String context = generated + ", " + mode;
            int before = server.requests().size();
            server.then(Reply.text(ANSWER));

            GovernedAnswer answer = answer(GovernedRequest.builder().principal(ANALYST)
                    .message(Part.text("Summarise the ledger rows"), Part.json(generated.value())).build(), mode);

            assertAnswered(answer, context);
            String sent = server.requests().get(before).chat().orElseThrow().messages().stream()
                    .filter(message -> message.role() == ChatRole.USER).map(ChatMessage::text)
                    .reduce("", String::concat);
            if (generated.overBudget().isPresent()) {
                assertThat(sent).as(context).contains(CODEC.write(JsonBudget.withheld(generated.overBudget().get())));
                assertThat(withheld(answer, generated.overBudget().get())).as(context).isEqualTo(1);
            } else {
                assertThat(sent).as(context).contains(CODEC.write(generated.value()));
            }
        });
    }

    @Test
    void aModelsCallWithArgumentsPastTheBudgetIsRefusedWithItsCodeAndTheTurnIsAnsweredCalledAndStreamed() {
        Property.forAll(JsonBudgetCases.nestedObjects(), Gen.of(Mode.values())).tries(24).check((generated, mode) -> {
            String context = generated + ", " + mode;
            int before = server.requests().size();
            server.then(ToolCallArgumentsBudgetGeneratedTest.callWithArguments(ModelApi.OPENAI_CHAT, generated.json(),
                    mode == Mode.STREAMED), Reply.text(ANSWER));
            Ledger ledger = new Ledger(Map.of("balance", "on file"));

            GovernedAnswer answer = answer(GovernedRequest.builder().principal(ANALYST).message("Read the ledger")
                    .tools(ledger.tools).build(), mode);

            assertAnswered(answer, context);
            Object given = toolResults(before + 1).get(0).result();
            if (generated.overBudget().isPresent()) {
                List<String> codes = List.of("tool_arguments_withheld", generated.overBudget().get());
                assertThat(ledger.calls).as(context).isEmpty();
                assertThat(CODEC.parse((String) given)).as(context).isEqualTo(Map.of("refused", true,
                        "reason_codes", codes));
                assertThat(answer.provenance().reasonCodes().values()).as(context).containsAll(codes);
            } else {
                assertThat(ledger.calls).as(context).containsExactly(CODEC.parseObject(generated.json()));
                assertThat(CODEC.parse((String) given)).as(context).isEqualTo(Map.of("balance", "on file"));
            }
        });
    }
}
