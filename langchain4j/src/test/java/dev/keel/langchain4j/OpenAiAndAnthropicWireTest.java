package dev.keel.langchain4j;

import static dev.keel.langchain4j.RecordedReplies.recorded;
import static dev.keel.test.core.CoreAssertions.assertThat;

import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.ResponseFormat;
import dev.keel.core.spi.TokenUsage;
import dev.keel.test.core.LoopbackModelServer;
import dev.keel.test.core.Reply;
import dev.keel.test.core.WireRequest;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The OpenAI-compatible and Anthropic backends against a loopback server with recorded replies. */
class OpenAiAndAnthropicWireTest {

    private final LoopbackModelServer server = LoopbackModelServer.start();

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void anOpenAiReplyBecomesTextUsageAndModel() {
        server.then(Reply.http(200, recorded("openai-chat.json")));
        ChatModelBackend backend = OpenAiBackends.create("gpt", "gpt-4o-mini", server.baseUrl() + "/v1",
                "sk-test-key-0123456789", Duration.ofSeconds(5));

        ChatReply reply = backend.chat(ChatRequest.builder().addMessage(ChatMessage.user("Compare, as JSON."))
                .responseFormat(ResponseFormat.JSON).build());

        assertThat(reply.text()).isEqualTo("Calendar B front-loads the retirements; Calendar A spreads them.");
        assertThat(reply.usage()).isEqualTo(new TokenUsage(405, 16));
        assertThat(reply.model()).contains("gpt-4o-mini-2024-07-18");
        assertThat(reply.finishReason()).contains("stop");
        WireRequest request = server.requests().get(0);
        assertThat(request.path()).isEqualTo("/v1/chat/completions");
        Map<String, Object> body = JsonCodec.strict().parseObject(request.body());
        assertThat(body).containsEntry("model", "gpt-4o-mini").containsEntry("response_format", Map.of("type", "json_object"));
    }

    @Test
    void aTruncatedOpenAiReplyReportsLength() {
        server.then(Reply.http(200, recorded("openai-chat-length.json")));
        ChatModelBackend backend = OpenAiBackends.create("gpt", "gpt-4o-mini", server.baseUrl() + "/v1", null,
                Duration.ofSeconds(5));

        ChatReply reply = backend.chat(ChatRequest.ofUserMessage("hi"));

        assertThat(reply.finishReason()).contains("length");
        // a local server without a key gets no usable credentials
        assertThat(server.requests().get(0).header("Authorization").map(String::strip))
                .isIn(Optional.empty(), Optional.of("Bearer"));
    }

    @Test
    void anthropicGetsJsonByInstructionOnly() {
        server.then(Reply.http(200, recorded("anthropic-messages.json")));
        ChatModelBackend backend = AnthropicBackends.create("master", "claude-sonnet-4-5", server.baseUrl() + "/v1/",
                "sk-ant-test-0123456789", Duration.ofSeconds(5));

        ChatReply reply = backend.chat(ChatRequest.builder()
                .addMessage(ChatMessage.system("Reply with one JSON object."))
                .addMessage(ChatMessage.user("Summarise."))
                .responseFormat(ResponseFormat.JSON).maxOutputTokens(300).build());

        assertThat(backend.jsonMode()).isEqualTo(JsonMode.INSTRUCTION_ONLY);
        assertThat(JsonCodec.strict().parseObject(reply.text())).containsEntry("summary", "Calendar A is steadier");
        assertThat(reply.usage()).isEqualTo(new TokenUsage(210, 12));
        assertThat(reply.finishReason()).contains("stop");
        WireRequest request = server.requests().get(0);
        assertThat(request.path()).isEqualTo("/v1/messages");
        Map<String, Object> body = JsonCodec.strict().parseObject(request.body());
        assertThat(body).containsEntry("model", "claude-sonnet-4-5").doesNotContainKey("output_format");
        assertThat(body.get("max_tokens")).hasToString("300");
    }
}
