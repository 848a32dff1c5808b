package dev.keel.aiservices;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.Principal;
import dev.keel.core.content.Part;
import dev.keel.core.spi.AuditRecord;
import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.langchain4j.OpenAiBackends;
import dev.keel.pipeline.WealthDesk;
import dev.keel.test.core.LoopbackModelServer;
import dev.keel.test.core.Reply;
import dev.keel.test.core.WireRequest;
import dev.langchain4j.agent.tool.Tool;
import dev.langchain4j.service.AiServices;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The wealth desk ({@link WealthDesk}) under AI Services: the portfolio tool is an {@code @Tool} AI Services run
 * between the governed chats, and its result, which declares only holdings but holds a Lombard credit line, comes back
 * in the next chat of the turn. No request to the external model's server carries any of it, nor its numbers, through
 * {@link GovernedChatModel} or {@link GovernedStreamingChatModel}: for an advisor the rest of the turn is answered by
 * the house's model; for a client, denied credit risk, the result is withheld from every model
 * ({@code tool_result_withheld}) and the external model answers without it.
 */
class WealthDeskOverHttpTest {

    private static final String IN_HOUSE = "Your holdings are balanced; the credit line needs a look.";
    private static final String OUTSIDE = "Your holdings are balanced.";

    private final LoopbackModelServer inside = LoopbackModelServer.start();
    private final LoopbackModelServer outside = LoopbackModelServer.start();
    private final InMemoryAuditSink audit = new InMemoryAuditSink();
    private final PortfolioTools tools = new PortfolioTools();

    @AfterEach
    void close() {
        inside.close();
        outside.close();
    }

    /** The desk's tool, as AI Services run it. */
    static final class PortfolioTools {
        final List<String> ran = new CopyOnWriteArrayList<>();

        @Tool(name = WealthDesk.TOOL, value = WealthDesk.TOOL_DESCRIPTION)
        String portfolio() {
            ran.add(WealthDesk.TOOL);
            return WealthDesk.PORTFOLIO;
        }
    }

    /** A chat, or a streamed one, of AI Services over the desk's governed model for {@code principal}. */
    private enum Mode {
        CALLED, STREAMED;

        String ask(GovernedChatModel.Builder governed, PortfolioTools tools) throws Exception {
            if (this == CALLED) {
                return AiServices.builder(ToolsOverHttpTest.Assistant.class).chatModel(governed.build()).tools(tools)
                        .build().chat(WealthDesk.QUESTION);
            }
            CompletableFuture<String> done = new CompletableFuture<>();
            AiServices.builder(ToolsOverHttpTest.StreamingAssistant.class)
                    .streamingChatModel(governed.buildStreaming()).tools(tools).build()
                    .chat(WealthDesk.QUESTION).onPartialResponse(chunk -> { })
                    .onCompleteResponse(response -> done.complete(response.aiMessage().text()))
                    .onError(done::completeExceptionally).start();
            return done.get(30, TimeUnit.SECONDS);
        }
    }

    private String turn(Mode mode, Principal principal) throws Exception {
        inside.reset().otherwise(Reply.text(IN_HOUSE));
        outside.reset().then(Reply.toolCalls(Part.ToolCall.of("c1", WealthDesk.TOOL, Map.of())))
                .otherwise(Reply.text(OUTSIDE));
        audit.clear();
        tools.ran.clear();
        GovernedChatModel.Builder governed = GovernedChatModel.builder(GovernedChatModel.pipeline(WealthDesk.policy())
                        .routing(WealthDesk.routing())
                        .internal(WealthDesk.INTERNAL, OpenAiBackends.create(WealthDesk.INTERNAL, "house-model",
                                inside.openAiBaseUrl(), null, Duration.ofSeconds(10)))
                        .external(WealthDesk.EXTERNAL, OpenAiBackends.create(WealthDesk.EXTERNAL, "gpt-4o-mini",
                                outside.openAiBaseUrl(), null, Duration.ofSeconds(10)))
                        .auditSink(audit).build())
                .principal(() -> principal);
        return mode.ask(governed, tools);
    }

    private static String bodies(List<WireRequest> requests) {
        return String.join("\n", requests.stream().map(WireRequest::body).toList());
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> toolsOf(AuditRecord record) {
        return (List<Map<String, Object>>) record.payload().get("tools");
    }

    @Test
    void forAnAdvisorTheResultNeverLeavesAndTheRestOfTheTurnIsAnsweredInTheHouse() throws Exception {
        for (Mode mode : Mode.values()) {
            String answer = turn(mode, WealthDesk.ADVISOR);

            assertThat(tools.ran).as(mode.name()).containsExactly(WealthDesk.TOOL);
            assertThat(WealthDesk.keptInHouseIn(bodies(outside.requests()))).as(mode.name()).isEmpty();
            assertThat(outside.requests()).as(mode.name()).hasSize(1);
            assertThat(inside.requests()).as(mode.name()).hasSize(1);
            assertThat(bodies(inside.requests())).as(mode.name()).contains("Lombard credit line");
            assertThat(answer).as(mode.name()).isEqualTo(IN_HOUSE);
            assertThat(audit.records()).as(mode.name()).singleElement().satisfies(record -> {
                assertThat(record.payload()).containsEntry("outcome", "answered").containsEntry("internal_only", true)
                        .containsEntry("backend_used", WealthDesk.INTERNAL);
                assertThat(String.valueOf(record.payload().get("reason_codes"))).contains("internal_only_by_tool");
                assertThat(toolsOf(record)).singleElement().satisfies(entry -> assertThat(
                        String.valueOf(entry.get("result"))).contains("credit_risk"));
            });
        }
    }

    @Test
    void forAClientTheResultIsWithheldFromEveryModelWithItsReasonCode() throws Exception {
        for (Mode mode : Mode.values()) {
            String answer = turn(mode, WealthDesk.CLIENT);

            assertThat(WealthDesk.keptInHouseIn(bodies(outside.requests()))).as(mode.name()).isEmpty();
            assertThat(outside.requests()).as(mode.name()).hasSize(2);
            assertThat(outside.requests().get(1).body()).as(mode.name()).contains("tool_result_withheld");
            assertThat(inside.requests()).as(mode.name()).isEmpty();
            assertThat(answer).as(mode.name()).isEqualTo(OUTSIDE);
            assertThat(audit.records()).as(mode.name()).singleElement().satisfies(record -> {
                assertThat(String.valueOf(record.payload().get("reason_codes"))).contains("tool_result_withheld");
                assertThat(toolsOf(record)).singleElement().satisfies(entry -> assertThat(entry)
                        .containsEntry("decision", "DENY"));
            });
        }
    }
}
