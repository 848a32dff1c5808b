package dev.keel.spring.ai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.ConfigurationException;
import dev.keel.core.Principal;
import dev.keel.core.content.Part;
import dev.keel.core.spi.AuditRecord;
import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.pipeline.Pipeline;
import dev.keel.pipeline.WealthDesk;
import dev.keel.test.core.LoopbackModelServer;
import dev.keel.test.core.Reply;
import dev.keel.test.core.WireRequest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.openai.OpenAiChatModel;
import org.springframework.ai.openai.OpenAiChatOptions;
import org.springframework.ai.openai.api.OpenAiApi;
import org.springframework.ai.support.ToolCallbacks;
import org.springframework.ai.tool.annotation.Tool;
import org.springframework.retry.support.RetryTemplate;

/**
 * The wealth desk ({@link WealthDesk}) behind Keel's Spring AI advisor, over real Spring AI chat models calling
 * loopback model servers (the house's and an external one). The advisor runs no tools: a ChatClient call or stream
 * that offers the portfolio tool is refused before any model is called, with a {@link ConfigurationException} that
 * says why, so the tool never runs and nothing of its result (the Lombard credit line and its numbers) reaches the
 * external model; a chat model with the tool among its own options is refused as a backend, since it would run it
 * out of governance's sight. Without the tool, the same question is answered, one audit record per turn.
 */
class WealthDeskAdvisorTest {

    private final LoopbackModelServer inside = LoopbackModelServer.start();
    private final LoopbackModelServer outside = LoopbackModelServer.start();
    private final InMemoryAuditSink audit = new InMemoryAuditSink();
    private final PortfolioTools tools = new PortfolioTools();

    @AfterEach
    void close() {
        inside.close();
        outside.close();
    }

    /** The desk's tool, as a Spring AI host declares it. */
    static final class PortfolioTools {
        final List<String> ran = new CopyOnWriteArrayList<>();

        @Tool(name = WealthDesk.TOOL, description = WealthDesk.TOOL_DESCRIPTION)
        String portfolio() {
            ran.add(WealthDesk.TOOL);
            return WealthDesk.PORTFOLIO;
        }
    }

    private static ChatModel model(LoopbackModelServer server, String name) {
        return OpenAiChatModel.builder()
                .openAiApi(OpenAiApi.builder().baseUrl(server.baseUrl()).apiKey(name + "-key").build())
                .defaultOptions(OpenAiChatOptions.builder().model(name).build())
                .retryTemplate(RetryTemplate.builder().maxAttempts(1).build()).build();
    }

    /** The desk's ChatClient for {@code principal}: Keel's advisor over the house's model and the external one. */
    private ChatClient chat(Principal principal) {
        ChatModel cloud = model(outside, "gpt-4o-mini");
        Pipeline pipeline = KeelAdvisor.pipeline(WealthDesk.policy()).routing(WealthDesk.routing())
                .internal(WealthDesk.INTERNAL, model(inside, "house-model"))
                .external(WealthDesk.EXTERNAL, cloud)
                .auditSink(audit).build();
        return ChatClient.builder(cloud).defaultAdvisors(KeelAdvisor.builder(pipeline).principal(() -> principal)
                .build()).build();
    }

    private static String bodies(List<WireRequest> requests) {
        return String.join("\n", requests.stream().map(WireRequest::body).toList());
    }

    @Test
    void aCallOrStreamOfferingTheToolIsRefusedBeforeAnyModelIsCalledAndNothingOfItsResultLeaves() {
        outside.then(Reply.toolCalls(Part.ToolCall.of("c1", WealthDesk.TOOL, Map.of())))
                .otherwise(Reply.text("Your holdings are balanced."));
        for (Principal principal : List.of(WealthDesk.ADVISOR, WealthDesk.CLIENT)) {
            ChatClient chat = chat(principal);

            assertThatThrownBy(() -> chat.prompt().user(WealthDesk.QUESTION).tools(tools).call().content())
                    .as(principal.role()).isInstanceOfSatisfying(ConfigurationException.class, refused -> {
                        assertThat(refused.code()).isEqualTo("configuration_error");
                        assertThat(refused.getMessage()).isEqualTo("a governed ChatClient call runs no tools: a"
                                + " model's tool calls and their results would bypass governance");
                    });
            assertThatThrownBy(() -> chat.prompt().user(WealthDesk.QUESTION).tools(tools).stream().content()
                    .collectList().block(Duration.ofSeconds(30)))
                    .as(principal.role()).isInstanceOf(ConfigurationException.class)
                    .hasMessageContaining("runs no tools");
        }

        assertThat(tools.ran).isEmpty();
        assertThat(WealthDesk.keptInHouseIn(bodies(outside.requests()))).isEmpty();
        assertThat(outside.requests()).isEmpty();
        assertThat(inside.requests()).isEmpty();
        // Refused as the host's wiring, before the governed call: no turn, so no record.
        assertThat(audit.records()).isEmpty();
    }

    /**
     * A chat model with the tool among its own default options would run it inside one backend call and send the
     * result to its provider, never read by the governed call: it is refused as a backend.
     */
    @Test
    void aChatModelWithToolsOfItsOwnIsRefusedAsABackend() {
        outside.then(Reply.toolCalls(Part.ToolCall.of("c1", WealthDesk.TOOL, Map.of())))
                .otherwise(Reply.text("Your holdings are balanced."));
        ChatModel withTools = OpenAiChatModel.builder()
                .openAiApi(OpenAiApi.builder().baseUrl(outside.baseUrl()).apiKey("cloud-key").build())
                .defaultOptions(OpenAiChatOptions.builder().model("gpt-4o-mini")
                        .toolCallbacks(ToolCallbacks.from(tools)).build())
                .retryTemplate(RetryTemplate.builder().maxAttempts(1).build()).build();

        assertThatThrownBy(() -> KeelAdvisor.pipeline(WealthDesk.policy()).routing(WealthDesk.routing())
                .internal(WealthDesk.INTERNAL, model(inside, "house-model"))
                .external(WealthDesk.EXTERNAL, withTools))
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("backend 'cloud' is a chat model with tools of its own: it would run them and send their"
                        + " results to its provider unread by governance; give Keel the model without default tools");
        assertThat(tools.ran).isEmpty();
        assertThat(outside.requests()).isEmpty();
    }

    @Test
    void withoutTheToolTheQuestionIsAnsweredOneAuditRecordPerTurn() {
        outside.otherwise(Reply.text("Your holdings are balanced."));
        ChatClient chat = chat(WealthDesk.ADVISOR);

        assertThat(chat.prompt().user(WealthDesk.QUESTION).call().content()).isEqualTo("Your holdings are balanced.");
        assertThat(String.join("", chat.prompt().user("And the market outlook?").stream().content().collectList()
                .block(Duration.ofSeconds(30)))).isEqualTo("Your holdings are balanced.");

        assertThat(audit.records()).hasSize(2).allSatisfy(record -> assertThat(record.payload())
                .containsEntry("outcome", "answered").containsEntry("rounds", List.of(record.requestId())));
        assertThat(audit.records()).extracting(AuditRecord::requestId).doesNotHaveDuplicates();
    }
}
