package dev.keel.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.Decision;
import dev.keel.core.KeelException;
import dev.keel.core.Principal;
import dev.keel.core.content.Part;
import dev.keel.core.json.JsonBudget;
import dev.keel.core.json.JsonBudgetCases;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.ChatRole;
import dev.keel.core.spi.StreamHandle;
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
import dev.keel.routing.PoolEntry;
import dev.keel.routing.RoutingTable;
import dev.keel.test.core.Reply;
import dev.keel.test.core.ScriptedBackend;
import dev.keel.test.properties.Gen;
import dev.keel.test.properties.Property;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * An MCP server outside the house, the SDK's own on loopback, answering structured content nested or sized around
 * the JSON budget ({@link JsonBudgetCases}), up to 200 deep: the case is content nested 100 deep. Its tool is
 * offered to a governed call as {@code docs/mcp.md} shows, called and streamed, and called through the tool source's
 * gate. Whatever the server answers, the turn is answered by the model it was routed to and no backend fails; content
 * past the budget reaches the model as the budget's placeholder, with the budget's code in the answer's reason codes
 * and in the call's, and counted as withheld in the external call's record; content within it arrives whole.
 */
class StructuredContentBudgetGeneratedTest {

    private static final Principal ANALYST = Principal.of("analyst", "internal");
    private static final String ANSWER = "The rates are on file.";
    private static final PolicyDocument POLICY = PolicyDocument.builder().policyId("markets").version("1")
            .role("analyst", new RolePolicy(List.of("internal"), List.of("markets"), Decision.ALLOW))
            .domainRule(DomainRule.of(List.of("rate*"), List.of("markets")))
            .tool("fx_depth", ToolPolicy.of(List.of("analyst"), List.of("markets"), ToolPlacement.EXTERNAL))
            .build();

    /** What the server answers next: structured content and its JSON text. */
    private static final AtomicReference<JsonBudgetCases.Case> ANSWERED = new AtomicReference<>();

    private static LoopbackMcpServer markets;
    private static McpToolSource source;

    enum Mode { CALLED, STREAMED }

    @BeforeAll
    static void start() {
        markets = LoopbackMcpServer.start("markets", List.of(LoopbackMcpServer.tool("fx_depth",
                "Exchange rates with their whole history.", arguments -> {
                    JsonBudgetCases.Case answer = ANSWERED.get();
                    @SuppressWarnings("unchecked")
                    Map<String, Object> content = (Map<String, Object>) answer.value();
                    return McpSchema.CallToolResult.builder().structuredContent(content)
                            .addTextContent(answer.json()).build();
                })));
        source = McpServers.builder().server("markets", ToolPlacement.EXTERNAL, House.transport(markets)).build();
    }

    @AfterAll
    static void stop() {
        source.close();
        markets.close();
    }

    /** Content nested {@code depth} deep, as objects: {@code {"level": {"level": ... "bottom" ...}}}. */
    private static JsonBudgetCases.Case objectsNested(int depth) {
        Object value = "bottom";
        StringBuilder json = new StringBuilder("\"bottom\"");
        for (int level = 0; level < depth; level++) {
            value = Map.of("level", value);
            json.insert(0, "{\"level\":").append('}');
        }
        return new JsonBudgetCases.Case("objects nested " + depth + " deep", value, depth, json.length(),
                json.toString());
    }

    @Test
    void anExternalServersContentNestedAHundredDeepIsWithheldWithItsCodeAndTheTurnIsAnsweredCalledAndStreamed() {
        JsonBudgetCases.Case hundredDeep = objectsNested(100);
        for (Mode mode : Mode.values()) {
            governedCall(hundredDeep, mode);
        }
        ANSWERED.set(hundredDeep);

        McpToolCall call = source.call(source.gate(POLICY), House.turnOf("analyst", "internal", POLICY),
                Part.ToolCall.of("c1", "fx_depth", Map.of()));

        assertThat(call.outcome()).isEqualTo(McpToolCall.Outcome.CALLED);
        assertThat(call.result().result()).isEqualTo(JsonBudget.withheld(JsonBudget.TOO_DEEP));
        assertThat(call.reasonCodes().values()).contains(JsonBudget.TOO_DEEP);
        assertThat(source.execute("fx_depth", Map.of())).isEqualTo(JsonBudget.withheld(JsonBudget.TOO_DEEP));
    }

    @Test
    void contentAroundTheBudgetDepthIsGivenWholeOrWithheldWithItsCodeCalledAndStreamed() {
        Property.forAll(JsonBudgetCases.nestedObjects(), Gen.of(Mode.values())).tries(20)
                .check(StructuredContentBudgetGeneratedTest::governedCall);
    }

    @Test
    void contentAroundTheBudgetSizeIsGivenWholeOrWithheldWithItsCodeCalledAndStreamed() {
        // At the edge only: sizes far past it prove nothing more here, and megabytes over HTTP on a loaded machine
        // can outlast the client's timeout, which is a tool failure, not the budget.
        long budget = JsonBudget.MAX_SIZE;
        Property.forAll(Gen.of(budget - 1, budget, budget + 1).map(JsonBudgetCases::sized), Gen.of(Mode.values()))
                .tries(3).check(StructuredContentBudgetGeneratedTest::governedCall);
    }

    @Test
    void theToolSourcesGateGivesContentAroundTheBudgetWholeOrAsItsPlaceholderWithItsCode() {
        Property.forAll(JsonBudgetCases.nestedObjects()).tries(30).check(generated -> {
            ANSWERED.set(generated);

            McpToolCall call = source.call(source.gate(POLICY), House.turnOf("analyst", "internal", POLICY),
                    Part.ToolCall.of("c1", "fx_depth", Map.of()));

            assertThat(call.outcome()).as("%s", generated).isEqualTo(McpToolCall.Outcome.CALLED);
            assertThat(sameJson(call.result().result(), generated.held())).as("%s", generated).isTrue();
            if (generated.overBudget().isPresent()) {
                assertThat(call.reasonCodes().values()).as("%s", generated).contains(generated.overBudget().get());
            } else {
                assertThat(call.reasonCodes().values()).as("%s", generated)
                        .doesNotContain(JsonBudget.TOO_DEEP, JsonBudget.TOO_LARGE);
            }
        });
    }

    /** A governed call offered the server's tool, in which the model calls it once and then answers. */
    private static void governedCall(JsonBudgetCases.Case generated, Mode mode) {
        String context = generated + ", " + mode;
        ANSWERED.set(generated);
        ScriptedBackend cloud = ScriptedBackend.named("cloud").then(
                Reply.toolCalls(Part.ToolCall.of("c1", "fx_depth", Map.of("pair", "EURUSD"))), Reply.text(ANSWER));
        ScriptedBackend house = ScriptedBackend.replying("house", "The house answers.");
        Pipeline pipeline = Pipeline.builder().policy(POLICY)
                .routing(RoutingTable.builder().pool(1, new PoolEntry("cloud", "single", "cloud"))
                        .internalBackendTarget("house").build())
                .backends(Backends.builder().internal("house", house).external("cloud", cloud).build())
                .reasoning(SingleCallReasoning.userMessage()).build();
        Tools.Builder offered = Tools.builder();
        for (McpTool tool : source.tools()) {
            offered.tool(tool.spec(), call -> source.execute(call.name(), call.arguments()), tool.placement());
        }
        GovernedRequest request = GovernedRequest.builder().principal(ANALYST).message("What are the rates today?")
                .tools(offered.build()).build();

        GovernedAnswer answer = answer(pipeline, request, mode);

        assertThat(answer.outcome()).as(context).isEqualTo(TurnOutcome.ANSWERED);
        assertThat(answer.text()).as(context).isEqualTo(ANSWER);
        assertThat(answer.provenance().backendUsed()).as(context).isEqualTo("cloud");
        assertThat(answer.calls()).as(context).allSatisfy(call -> assertThat(call.usedReason()).isNull());
        assertThat(house.requests()).as(context).isEmpty();
        Object given = cloud.requests().get(1).messages().stream().filter(message -> message.role() == ChatRole.TOOL)
                .flatMap(message -> message.parts().stream()).map(Part.ToolResult.class::cast).findFirst()
                .orElseThrow().result();
        List<String> codes = answer.provenance().reasonCodes().values();
        if (generated.overBudget().isPresent()) {
            String code = generated.overBudget().get();
            assertThat(given).as(context).isEqualTo(JsonBudget.withheld(code));
            assertThat(codes).as(context).contains(code);
            assertThat(answer.calls().stream().filter(BackendCall::external)
                    .mapToInt(call -> call.withheld().getOrDefault(code, 0)).sum()).as(context).isEqualTo(1);
        } else if (JsonBudget.largerThan(generated.value(), POLICY.filterMaxInputChars())) {
            assertThat(given).as(context).isEqualTo("[text withheld: too long to filter]");
        } else {
            assertThat(sameJson(given, generated.value())).as(context).isTrue();
            assertThat(codes).as(context).doesNotContain(JsonBudget.TOO_DEEP, JsonBudget.TOO_LARGE);
        }
    }

    /**
     * Whether two trees are the same JSON: the client reads the server's numbers as Java integers and keeps its
     * members' order, where a generated case holds exact decimals in maps the codec writes sorted.
     */
    private static boolean sameJson(Object one, Object other) {
        JsonCodec codec = JsonCodec.strict();
        return codec.parse(codec.write(one)).equals(codec.parse(codec.write(other)));
    }

    private static GovernedAnswer answer(Pipeline pipeline, GovernedRequest request, Mode mode) {
        if (mode == Mode.CALLED) {
            return pipeline.call(request);
        }
        Map<String, Object> ended = new LinkedHashMap<>();
        pipeline.stream(request, new AnswerSink() {
            @Override
            public void chunk(String text) {
            }

            @Override
            public void complete(GovernedAnswer answer) {
                ended.put("answer", answer);
            }

            @Override
            public void fail(KeelException failure) {
                ended.put("failure", failure);
            }
        }, StreamHandle.create());
        assertThat(ended.get("failure")).as("the stream's failure").isNull();
        return (GovernedAnswer) ended.get("answer");
    }
}
