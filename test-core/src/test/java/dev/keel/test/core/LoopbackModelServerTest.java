package dev.keel.test.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRole;
import dev.keel.core.spi.ResponseFormat;
import dev.keel.core.spi.TokenUsage;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The server through a plain JDK HTTP client, as a provider's client would reach it. */
@SuppressWarnings("unchecked")
class LoopbackModelServerTest {

    private final LoopbackModelServer server = LoopbackModelServer.start();
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @AfterEach
    void stop() {
        server.close();
    }

    private HttpResponse<String> post(String path, String body) throws IOException, InterruptedException {
        return post(path, body, Duration.ofSeconds(10));
    }

    private HttpResponse<String> post(String path, String body, Duration timeout)
            throws IOException, InterruptedException {
        return client.send(HttpRequest.newBuilder(URI.create(server.baseUrl() + path)).timeout(timeout)
                .header("Content-Type", "application/json").header("Authorization", "Bearer sk-test")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String openAiRequest(String model, String user) {
        return JsonCodec.strict().write(Map.of("model", model, "temperature", 0.2, "max_tokens", 64,
                "response_format", Map.of("type", "json_object"),
                "messages", List.of(Map.of("role", "system", "content", "Answer briefly."),
                        Map.of("role", "user", "content", List.of(Map.of("type", "text", "text", user))))));
    }

    private static String ollamaRequest(String model, String user) {
        return JsonCodec.strict().write(Map.of("model", model, "stream", false,
                "options", Map.of("temperature", 0.7, "num_predict", 128),
                "messages", List.of(Map.of("role", "user", "content", user))));
    }

    @Test
    void aResetServerForgetsItsScriptItsHeadersAndWhatItReceivedAndKeepsItsPort() throws Exception {
        int port = server.port();
        server.requireHeader("Authorization", "Bearer sk-other").thenReply("first", "second")
                .otherwise(Reply.text("the old default reply"));
        post("/v1/chat/completions", openAiRequest("gpt-4o-mini", "One?"));

        server.reset().thenReply("after the reset");

        assertThat(server.port()).isEqualTo(port);
        assertThat(server.requests()).isEmpty();
        assertThat(server.unanswered()).isEmpty();
        assertThat(server.unusedReplies()).isEqualTo(1);
        HttpResponse<String> answered = post("/v1/chat/completions", openAiRequest("gpt-4o-mini", "Two?"));
        assertThat(answered.statusCode()).isEqualTo(200);
        assertThat(answered.body()).contains("after the reset");
        HttpResponse<String> unscripted = post("/v1/chat/completions", openAiRequest("gpt-4o-mini", "Three?"));
        assertThat(unscripted.statusCode()).isNotEqualTo(200);
        assertThat(unscripted.body()).contains("no reply for request 2").doesNotContain("the old default reply");
        assertThat(server.requests()).hasSize(2);
        assertThat(server.unanswered()).hasSize(1);
    }

    @Test
    void anOpenAiChatRequestIsReadRecordedAndAnsweredInTheApisShape() throws Exception {
        server.thenReply("{\"beds\": 2}");

        HttpResponse<String> response = post("/v1/chat/completions", openAiRequest("gpt-4o-mini", "How many beds?"));

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t)
                .startsWith("application/json"));
        Map<String, Object> body = JsonCodec.strict().parseObject(response.body());
        assertThat(body).containsEntry("object", "chat.completion").containsEntry("model", "gpt-4o-mini")
                .containsEntry("id", "chatcmpl-loopback-1");
        Map<String, Object> choice = (Map<String, Object>) ((List<Object>) body.get("choices")).get(0);
        assertThat(choice).containsEntry("finish_reason", "stop")
                .containsEntry("message", Map.of("role", "assistant", "content", "{\"beds\": 2}"));
        assertThat((Map<String, Object>) body.get("usage")).containsKeys("prompt_tokens", "completion_tokens",
                "total_tokens");

        WireRequest received = server.requests().get(0);
        assertThat(received.api()).isEqualTo(ModelApi.OPENAI_CHAT);
        assertThat(received.method()).isEqualTo("POST");
        assertThat(received.path()).isEqualTo("/v1/chat/completions");
        assertThat(received.header("authorization")).contains("Bearer sk-test");
        assertThat(received.model()).contains("gpt-4o-mini");
        assertThat(received.body()).isEqualTo(openAiRequest("gpt-4o-mini", "How many beds?"));
        assertThat(received.json()).containsEntry("max_tokens", new BigDecimal("64"));
        assertThat(received.chat()).hasValueSatisfying(chat -> {
            assertThat(chat.messages()).containsExactly(ChatMessage.system("Answer briefly."),
                    ChatMessage.user("How many beds?"));
            assertThat(chat.responseFormat()).isEqualTo(ResponseFormat.JSON);
            assertThat(chat.temperature()).contains(0.2);
            assertThat(chat.maxOutputTokens()).contains(64);
        });
    }

    @Test
    void anOllamaChatRequestIsAnsweredInOllamasShapeWithTheScriptedUsage() throws Exception {
        server.onModel("llama3.1").reply(Reply.text("Two beds are free.").withUsage(new TokenUsage(412, 23)));

        HttpResponse<String> response = post("/proxy/api/chat", ollamaRequest("llama3.1", "Free beds?"));

        assertThat(response.statusCode()).isEqualTo(200);
        Map<String, Object> body = JsonCodec.strict().parseObject(response.body());
        assertThat(body).containsEntry("model", "llama3.1").containsEntry("done", true)
                .containsEntry("done_reason", "stop")
                .containsEntry("message", Map.of("role", "assistant", "content", "Two beds are free."))
                .containsEntry("prompt_eval_count", new BigDecimal("412"))
                .containsEntry("eval_count", new BigDecimal("23"));
        assertThat(server.requests().get(0).chat()).hasValueSatisfying(chat -> {
            assertThat(chat.temperature()).contains(0.7);
            assertThat(chat.maxOutputTokens()).contains(128);
            assertThat(chat.responseFormat()).isEqualTo(ResponseFormat.TEXT);
        });
    }

    @Test
    void anAnthropicMessagesRequestIsReadWithItsSystemPromptAndAnsweredInAnthropicsShape() throws Exception {
        server.then(Reply.text("Two beds.").withUsage(new TokenUsage(210, 12)).withFinishReason("length"),
                Reply.status(429, "slow down"));
        String request = JsonCodec.strict().write(Map.of("model", "claude-sonnet-4-5", "max_tokens", 300,
                "temperature", 0.3, "system", List.of(Map.of("type", "text", "text", "Answer briefly.")),
                "messages", List.of(Map.of("role", "user", "content",
                        List.of(Map.of("type", "text", "text", "How many beds?"))))));

        HttpResponse<String> answered = post("/v1/messages", request);
        HttpResponse<String> limited = post("/v1/messages", request);

        assertThat(answered.statusCode()).isEqualTo(200);
        assertThat(JsonCodec.strict().parseObject(answered.body())).containsEntry("type", "message")
                .containsEntry("role", "assistant").containsEntry("model", "claude-sonnet-4-5")
                .containsEntry("id", "msg_loopback_1")
                .containsEntry("content", List.of(Map.of("type", "text", "text", "Two beds.")))
                .containsEntry("stop_reason", "max_tokens")
                .containsEntry("usage", Map.of("input_tokens", new BigDecimal("210"),
                        "output_tokens", new BigDecimal("12")));
        assertThat(limited.statusCode()).isEqualTo(429);
        assertThat(JsonCodec.strict().parseObject(limited.body())).containsEntry("type", "error")
                .containsEntry("error", Map.of("type", "rate_limit_error", "message", "slow down"));
        WireRequest received = server.requests().get(0);
        assertThat(received.api()).isEqualTo(ModelApi.ANTHROPIC_MESSAGES);
        assertThat(received.chat()).hasValueSatisfying(chat -> {
            assertThat(chat.messages()).containsExactly(ChatMessage.system("Answer briefly."),
                    ChatMessage.user("How many beds?"));
            assertThat(chat.temperature()).contains(0.3);
            assertThat(chat.maxOutputTokens()).contains(300);
            assertThat(chat.responseFormat()).isEqualTo(ResponseFormat.TEXT);
        });
    }

    @Test
    void rulesMatchWhatWasReadFromTheWire() throws Exception {
        server.on(RequestMatcher.lastUserMessageContains("staff")).reply("Six nurses on the late shift.")
                .onModel("deepseek-r1").reply("From deepseek.")
                .otherwise(Reply.text("Anything else."));

        assertThat(content(post("/api/chat", ollamaRequest("llama3.1", "Who is on staff tonight?"))))
                .isEqualTo("Six nurses on the late shift.");
        assertThat(content(post("/api/chat", ollamaRequest("deepseek-r1", "Beds?")))).isEqualTo("From deepseek.");
        assertThat(content(post("/api/chat", ollamaRequest("llama3.1", "Beds?")))).isEqualTo("Anything else.");
    }

    private static String content(HttpResponse<String> response) {
        Map<String, Object> body = JsonCodec.strict().parseObject(response.body());
        return (String) ((Map<String, Object>) body.get("message")).get("content");
    }

    @Test
    void failuresAreStatusCodesWithEachApisErrorBody() throws Exception {
        server.then(Reply.status(429, "rate limited"), Reply.retriableFailure("overloaded"),
                Reply.http(401, "{\"error\": \"recorded\"}"));

        HttpResponse<String> limited = post("/v1/chat/completions", openAiRequest("gpt", "hi"));
        HttpResponse<String> overloaded = post("/api/chat", ollamaRequest("llama3.1", "hi"));
        HttpResponse<String> recorded = post("/api/chat", ollamaRequest("llama3.1", "hi"));

        assertThat(limited.statusCode()).isEqualTo(429);
        assertThat((Map<String, Object>) JsonCodec.strict().parseObject(limited.body()).get("error"))
                .containsEntry("message", "rate limited").containsEntry("type", "rate_limit_error")
                .containsKeys("param", "code");
        assertThat(overloaded.statusCode()).isEqualTo(503);
        assertThat(JsonCodec.strict().parseObject(overloaded.body())).containsEntry("error", "overloaded");
        assertThat(recorded.statusCode()).isEqualTo(401);
        assertThat(recorded.body()).isEqualTo("{\"error\": \"recorded\"}");
    }

    @Test
    void aRequiredHeaderLetsOnlyTheRequestsCarryingItsValueThrough() throws Exception {
        server.requireHeader("Authorization", "Bearer sk-other").thenReply("first", "second");
        HttpResponse<String> wrongValue = post("/v1/chat/completions", openAiRequest("gpt", "hi"));
        server.requireHeader("authorization", "Bearer sk-test");
        HttpResponse<String> carrying = post("/v1/chat/completions", openAiRequest("gpt", "hi"));
        server.requireHeader("x-api-key", "sk-ant-required");
        HttpResponse<String> absent = post("/api/chat", ollamaRequest("llama3.1", "hi"));

        assertThat(wrongValue.statusCode()).isEqualTo(401);
        assertThat(carrying.statusCode()).isEqualTo(200);
        assertThat(absent.statusCode()).isEqualTo(401);
        assertThat((String) JsonCodec.strict().parseObject(absent.body()).get("error")).contains("x-api-key")
                .doesNotContain("sk-ant-required");
        assertThat(wrongValue.body()).doesNotContain("sk-other");
        assertThat(server.unanswered()).extracting(WireRequest::path)
                .containsExactly("/v1/chat/completions", "/api/chat");
        assertThat(server.unusedReplies()).isEqualTo(1);
    }

    @Test
    void aDelayedReplyOutlastsAClientsTimeoutAndAThrowingReplyDropsTheConnection() {
        server.then(Reply.text("late").after(Duration.ofSeconds(30)), Reply.throwing(new IllegalStateException("x")));

        assertThatThrownBy(() -> post("/api/chat", ollamaRequest("llama3.1", "hi"), Duration.ofMillis(300)))
                .isInstanceOf(HttpTimeoutException.class);
        assertThatThrownBy(() -> post("/api/chat", ollamaRequest("llama3.1", "hi"))).isInstanceOf(IOException.class);
        assertThat(server.requests()).hasSize(2);
    }

    @Test
    void whatItCannotAnswerGetsAnErrorThatSaysWhyAndIsKeptAsUnanswered() throws Exception {
        HttpResponse<String> unscripted = post("/api/chat", ollamaRequest("llama3.1", "Which patient is in bed 4?"));
        HttpResponse<String> otherPath = post("/api/tags", "");
        HttpResponse<String> streamed = post("/api/chat", "{\"model\":\"llama3.1\",\"stream\":true,"
                + "\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}");
        HttpResponse<String> notChat = post("/v1/chat/completions", "{\"model\":\"gpt\"}");

        assertThat(unscripted.statusCode()).isEqualTo(500);
        assertThat((String) JsonCodec.strict().parseObject(unscripted.body()).get("error"))
                .contains("no reply for request 1").contains("model llama3.1")
                .contains("last user message \"Which patient is in bed 4?\"").contains("0 replies left in order");
        assertThat(otherPath.statusCode()).isEqualTo(404);
        assertThat(streamed.statusCode()).isEqualTo(500);
        assertThat(streamed.body()).contains("no reply for request 3");
        assertThat(notChat.statusCode()).isEqualTo(400);
        assertThat(server.unanswered()).extracting(WireRequest::path)
                .containsExactly("/api/chat", "/api/tags", "/api/chat", "/v1/chat/completions");
        assertThat(server.requests().get(1).json()).isEmpty();
        assertThat(server.requests().get(1).chat()).isEmpty();
    }

    @Test
    void aReplyFunctionSeesTheRequestAsRead() throws Exception {
        server.otherwise(Reply.from(request -> request.messages().stream().filter(m -> m.role() == ChatRole.USER)
                .map(ChatMessage::text).findFirst().orElseThrow().toUpperCase(java.util.Locale.ROOT)));

        assertThat(content(post("/api/chat", ollamaRequest("llama3.1", "quiet ward")))).isEqualTo("QUIET WARD");
    }

    @Test
    void aDefaultReplyFunctionSeesTheRequestAsReceived() throws Exception {
        server.thenReply("in order").otherwise(request -> Reply.status(502, "you sent "
                + request.header("Authorization").orElse("nothing") + " to " + request.path()));

        HttpResponse<String> inOrder = post("/v1/chat/completions", openAiRequest("gpt", "hi"));
        HttpResponse<String> echoed = post("/proxy/api/chat", ollamaRequest("llama3.1", "hi"));

        assertThat(inOrder.statusCode()).isEqualTo(200);
        assertThat(echoed.statusCode()).isEqualTo(502);
        assertThat(JsonCodec.strict().parseObject(echoed.body()))
                .containsEntry("error", "you sent Bearer sk-test to /proxy/api/chat");
    }

    @Test
    void afterCloseNothingListens() throws Exception {
        String url = server.baseUrl();
        server.close();

        assertThatThrownBy(() -> client.send(HttpRequest.newBuilder(URI.create(url + "/api/chat"))
                .timeout(Duration.ofSeconds(5)).POST(HttpRequest.BodyPublishers.ofString("{}")).build(),
                HttpResponse.BodyHandlers.ofString())).isInstanceOf(IOException.class);
    }
}
