package dev.keel.examples.tools;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.Principal;
import dev.keel.core.content.Part;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.core.spi.StreamHandle;
import dev.keel.core.spi.ToolSpec;
import dev.keel.mcp.McpServers;
import dev.keel.mcp.McpTool;
import dev.keel.mcp.McpToolSource;
import dev.keel.pipeline.AnswerSink;
import dev.keel.pipeline.Backends;
import dev.keel.pipeline.GovernedAnswer;
import dev.keel.pipeline.GovernedRequest;
import dev.keel.pipeline.Pipeline;
import dev.keel.pipeline.SingleCallReasoning;
import dev.keel.pipeline.Tools;
import dev.keel.policy.ToolPlacement;
import dev.keel.routing.PoolEntry;
import dev.keel.routing.RoutingTable;
import dev.keel.test.core.Reply;
import dev.keel.test.core.ScriptedBackend;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An MCP server inside the house whose tools a careless author described with a figure, a date and a marking, and whose payroll tool answers with a marked sentence: offered to a governed call routed to a model
 * outside the house, the outside model is sent none of what the operations policy keeps in, in the tools it is
 * offered or in the results it is given, called and streamed.
 */
class McpToolContentTest {

    private static final Map<String, Object> SCHEMA = Map.of("type", "object", "properties", Map.of(
            "team", Map.of("type", "string", "description", "The team, by its escalation key"),
            "budget", Map.of("type", "string", "enum", List.of("412,000 EUR", "none"), "default", "25 March 2026")));

    private static McpHttpServer house;
    private static McpToolSource source;
    private static Tools offered;

    @BeforeAll
    static void start() {
        house = McpHttpServer.start("house", List.of(
                new McpHttpServer.Tool("list_open_tickets", "The open tickets of a team, due 25 March 2026.", SCHEMA,
                        arguments -> Map.of("tickets", List.of(Map.of("id", "T-1", "note",
                                "CONFIDENTIAL - internal only: the Falcon acquisition team moves in")))),
                new McpHttpServer.Tool("payroll_summary", "Confidential: the payroll of a team.", SCHEMA,
                        arguments -> Map.of("gross", "412,000 EUR"))));
        source = McpServers.builder().server("house", ToolPlacement.INTERNAL, house.transport()).build();
        Tools.Builder tools = Tools.builder();
        for (McpTool tool : source.tools()) {
            tools.tool(tool.spec(), call -> source.execute(call.name(), call.arguments()), tool.placement());
        }
        offered = tools.build();
    }

    @AfterAll
    static void stop() {
        source.close();
        house.close();
    }

    private static Pipeline pipeline(ScriptedBackend inside, ScriptedBackend outside) {
        RoutingTable table = RoutingTable.builder().pool(1, new PoolEntry("cloud", "answer", "cloud"))
                .internalBackendTarget("house_model").build();
        return Pipeline.builder().policy(OperationsData.policy()).routing(table)
                .backends(Backends.builder().internal("house_model", inside).external("cloud", outside).build())
                .reasoning(SingleCallReasoning.userMessage()).auditSink(new InMemoryAuditSink()).build();
    }

    private static GovernedAnswer run(Pipeline pipeline, GovernedRequest request, boolean streamed) throws Exception {
        if (!streamed) {
            return pipeline.call(request);
        }
        CompletableFuture<GovernedAnswer> done = new CompletableFuture<>();
        pipeline.stream(request, new AnswerSink() {
            @Override
            public void chunk(String text) {
            }

            @Override
            public void complete(GovernedAnswer answer) {
                done.complete(answer);
            }

            @Override
            public void fail(dev.keel.core.KeelException failure) {
                done.completeExceptionally(failure);
            }
        }, StreamHandle.create());
        return done.get(30, TimeUnit.SECONDS);
    }

    private static String carried(List<ChatRequest> requests) {
        StringBuilder text = new StringBuilder();
        for (ChatRequest request : requests) {
            for (ChatMessage message : request.messages()) {
                text.append(message.text()).append('\n');
            }
            for (ToolSpec tool : request.tools()) {
                text.append(tool.name()).append(' ').append(tool.description()).append(' ')
                        .append(JsonCodec.strict().write(tool.parameters())).append('\n');
            }
        }
        return text.toString();
    }

    @ParameterizedTest(name = "streamed: {0}")
    @ValueSource(booleans = {false, true})
    void aGuestsOutsideModelIsOfferedTheServersToolsWithNothingThePolicyKeepsIn(boolean streamed) throws Exception {
        ScriptedBackend outside = ScriptedBackend.named("cloud").otherwise(Reply.text("Two tickets are open."));

        GovernedAnswer answer = run(pipeline(ScriptedBackend.named("house_model"), outside), GovernedRequest.builder()
                .principal(Principal.of("guest", "public")).message("Which tickets are open for the operations team?")
                .tools(offered).build(), streamed);

        assertThat(outside.requests()).hasSize(1);
        assertThat(outside.requests().get(0).tools()).extracting(ToolSpec::name).containsExactly("list_open_tickets");
        assertThat(carried(outside.requests())).contains("escalation key")
                .doesNotContain("412,000", "2026", "onfidential", "ONFIDENTIAL");
        assertThat(answer.provenance().reasonCodes().values()).containsAnyOf("tool_spec_denied",
                "tool_spec_internal_only");
    }

    @ParameterizedTest(name = "streamed: {0}")
    @ValueSource(booleans = {false, true})
    void aMarkedResultOfTheInsideServerKeepsTheRestOfTheTurnInTheHouse(boolean streamed) throws Exception {
        ScriptedBackend outside = ScriptedBackend.named("cloud").then(Reply.toolCalls(Part.ToolCall.of("c1",
                "list_open_tickets", Map.of("team", "operations")))).otherwise(Reply.text("cloud"));
        ScriptedBackend inside = ScriptedBackend.named("house_model").otherwise(Reply.text("One ticket is open."));

        GovernedAnswer answer = run(pipeline(inside, outside), GovernedRequest.builder()
                .principal(Principal.of("staff", "internal")).message("Which tickets are open for the operations team?")
                .tools(offered).build(), streamed);

        assertThat(outside.requests()).hasSize(1);
        assertThat(carried(outside.requests())).doesNotContain("Falcon");
        assertThat(carried(inside.requests())).contains("Falcon");
        assertThat(answer.provenance().reasonCodes().values()).contains("internal_only_by_tool",
                "internal_only_marking");
    }
}
