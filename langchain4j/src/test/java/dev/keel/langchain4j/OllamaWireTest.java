package dev.keel.langchain4j;

import static dev.keel.langchain4j.RecordedReplies.recorded;
import static dev.keel.test.core.CoreAssertions.assertThat;

import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.ResponseFormat;
import dev.keel.core.spi.TokenUsage;
import dev.keel.models.Environment;
import dev.keel.models.OllamaHost;
import dev.keel.test.core.LoopbackModelServer;
import dev.keel.test.core.Reply;
import dev.keel.test.core.WireRequest;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The Ollama backend against a loopback server speaking Ollama's /api/chat with recorded replies. */
class OllamaWireTest {

    private final LoopbackModelServer server = LoopbackModelServer.start();

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aRecordedReplyBecomesTextUsageModelAndFinishReason() {
        server.then(Reply.http(200, recorded("ollama-chat.json")));
        ChatModelBackend backend = OllamaBackends.create("llama", "llama3.1", server.baseUrl(), Duration.ofSeconds(5));

        ChatReply reply = backend.chat(ChatRequest.builder()
                .addMessage(ChatMessage.system("You compare calendars."))
                .addMessage(ChatMessage.user("Compare A and B."))
                .temperature(0.2).maxOutputTokens(256).build());

        assertThat(reply.text()).isEqualTo("Calendar A keeps capability above the threshold every week; Calendar B dips in week 3.");
        assertThat(reply.usage()).isEqualTo(new TokenUsage(412, 23));
        assertThat(reply.backendId()).isEqualTo("llama");
        assertThat(reply.model()).contains("llama3.1");
        assertThat(reply.finishReason()).contains("stop");

        WireRequest request = server.requests().get(0);
        assertThat(request.method()).isEqualTo("POST");
        assertThat(request.path()).isEqualTo("/api/chat");
        Map<String, Object> body = JsonCodec.strict().parseObject(request.body());
        assertThat(body.get("model")).isEqualTo("llama3.1");
        assertThat(body.get("stream")).isEqualTo(false);
        assertThat(body).doesNotContainKey("format");
        assertThat(body.get("messages")).isEqualTo(List.of(
                Map.of("role", "system", "content", "You compare calendars."),
                Map.of("role", "user", "content", "Compare A and B.")));
        @SuppressWarnings("unchecked")
        Map<String, Object> options = (Map<String, Object>) body.get("options");
        assertThat(options.get("temperature")).isEqualTo(new BigDecimal("0.2"));
        assertThat(options.get("num_predict")).isEqualTo(new BigDecimal("256"));
    }

    @Test
    void aJsonRequestAsksOllamaForFormatJson() {
        server.then(Reply.http(200, recorded("ollama-chat-json.json")));
        ChatModelBackend backend = OllamaBackends.create("llama", "llama3.1", server.baseUrl(), Duration.ofSeconds(5));

        ChatReply reply = backend.chat(ChatRequest.builder().addMessage(ChatMessage.user("JSON please"))
                .responseFormat(ResponseFormat.JSON).build());

        assertThat(JsonCodec.strict().parseObject(reply.text())).containsEntry("summary", "Calendar A is steadier");
        assertThat(JsonCodec.strict().parseObject(server.requests().get(0).body())).containsEntry("format", "json");
    }

    @Test
    void aBackendFindsTheServerThroughOllamaHostIncludingAPath() {
        server.then(Reply.http(200, recorded("ollama-chat-deepseek-think.json")));
        Environment environment = Environment.of(Map.of("OLLAMA_HOST", "127.0.0.1:" + server.port() + "/proxy/"));

        ChatModelBackend deepseek = OllamaBackends.create("deepseek", "deepseek-r1", OllamaHost.baseUrl(environment),
                Duration.ofSeconds(5));
        ChatReply reply = deepseek.chat(ChatRequest.ofUserMessage("Explain the trade-offs."));

        assertThat(server.requests().get(0).path()).isEqualTo("/proxy/api/chat");
        assertThat(JsonCodec.strict().parseObject(server.requests().get(0).body())).containsEntry("model", "deepseek-r1");
        assertThat(deepseek.id()).isEqualTo("deepseek");
        assertThat(deepseek.modelName()).isEqualTo("deepseek-r1");
        assertThat(reply.backendId()).isEqualTo("deepseek");
        // the reasoning model's chain of thought is not part of the commentary
        assertThat(reply.text()).isEqualTo("Calendar B concentrates the dock work in fewer weeks.");
    }
}
