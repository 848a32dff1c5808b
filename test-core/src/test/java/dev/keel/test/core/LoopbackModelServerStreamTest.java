package dev.keel.test.core;

import static dev.keel.test.core.CoreAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.TokenUsage;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The server's streams, read with a plain JDK HTTP client line by line, as a provider's client reads them. */
@SuppressWarnings("unchecked")
class LoopbackModelServerStreamTest {

    private final LoopbackModelServer server = LoopbackModelServer.start();
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @AfterEach
    void stop() {
        server.close();
    }

    private static String path(ModelApi api) {
        switch (api) {
            case OPENAI_CHAT:
                return "/v1/chat/completions";
            case ANTHROPIC_MESSAGES:
                return "/v1/messages";
            default:
                return "/api/chat";
        }
    }

    private static String streamedRequest(ModelApi api, boolean includeUsage) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("model", "m1");
        body.put("stream", true);
        if (includeUsage) {
            body.put("stream_options", Map.of("include_usage", true));
        }
        body.put("messages", List.of(Map.of("role", "user", "content", "Which beds are free?")));
        return JsonCodec.strict().write(body);
    }

    private HttpResponse<InputStream> open(ModelApi api, boolean includeUsage) throws Exception {
        return client.send(HttpRequest.newBuilder(URI.create(server.baseUrl() + path(api)))
                .timeout(Duration.ofSeconds(10)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(streamedRequest(api, includeUsage))).build(),
                HttpResponse.BodyHandlers.ofInputStream());
    }

    /** The JSON objects of a stream: each {@code data:} line of server-sent events, or each line of Ollama's. */
    private static List<Map<String, Object>> read(ModelApi api, BufferedReader lines, List<String> raw)
            throws IOException {
        List<Map<String, Object>> events = new ArrayList<>();
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            raw.add(line);
            String json = api == ModelApi.OLLAMA_CHAT ? line : line.startsWith("data: ") ? line.substring(6) : "";
            if (!json.isEmpty() && !json.equals("[DONE]")) {
                events.add(JsonCodec.strict().parseObject(json));
            }
        }
        return events;
    }

    /** The text of one event, empty when it carries none. */
    private static String textOf(ModelApi api, Map<String, Object> event) {
        switch (api) {
            case OPENAI_CHAT:
                List<Map<String, Object>> choices = (List<Map<String, Object>>) event.get("choices");
                Object content = choices.isEmpty() ? null
                        : ((Map<String, Object>) choices.get(0).get("delta")).get("content");
                return content == null ? "" : (String) content;
            case ANTHROPIC_MESSAGES:
                return "content_block_delta".equals(event.get("type"))
                        ? (String) ((Map<String, Object>) event.get("delta")).get("text") : "";
            default:
                return (String) ((Map<String, Object>) event.get("message")).get("content");
        }
    }

    @ParameterizedTest
    @EnumSource(value = ModelApi.class, names = {"OPENAI_CHAT", "ANTHROPIC_MESSAGES", "OLLAMA_CHAT"})
    void aScriptedReplyStreamsChunkByChunkAndEndsWithTheUsage(ModelApi api) throws Exception {
        server.then(Reply.chunks("Beds 4", " and 10", " are free.").withUsage(new TokenUsage(12, 5)));

        HttpResponse<InputStream> response = open(api, true);
        List<String> raw = new ArrayList<>();
        List<Map<String, Object>> events;
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(response.body(),
                StandardCharsets.UTF_8))) {
            events = read(api, lines, raw);
        }

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(events).map(event -> textOf(api, event)).filteredOn(text -> !text.isEmpty())
                .containsExactly("Beds 4", " and 10", " are free.");
        Map<String, Object> last = events.get(events.size() - 1);
        switch (api) {
            case OPENAI_CHAT:
                assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(type ->
                        assertThat(type).startsWith("text/event-stream"));
                assertThat((Map<String, Object>) last.get("usage")).containsEntry("prompt_tokens", BigIntegerish.of(12))
                        .containsEntry("completion_tokens", BigIntegerish.of(5));
                assertThat(raw.get(raw.size() - 2)).isEqualTo("data: [DONE]");
                break;
            case ANTHROPIC_MESSAGES:
                assertThat(events).map(event -> (String) event.get("type")).containsExactly("message_start",
                        "content_block_start", "ping", "content_block_delta", "content_block_delta",
                        "content_block_delta", "content_block_stop", "message_delta", "message_stop");
                assertThat(raw).contains("event: message_delta");
                Map<String, Object> start = (Map<String, Object>) events.get(0).get("message");
                assertThat((Map<String, Object>) start.get("usage")).containsEntry("input_tokens",
                        BigIntegerish.of(12));
                assertThat((Map<String, Object>) events.get(7).get("usage")).containsEntry("output_tokens",
                        BigIntegerish.of(5));
                break;
            default:
                assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(type ->
                        assertThat(type).startsWith("application/x-ndjson"));
                assertThat(events).map(event -> event.get("done")).containsExactly(false, false, false, true);
                assertThat(last).containsEntry("prompt_eval_count", BigIntegerish.of(12))
                        .containsEntry("eval_count", BigIntegerish.of(5)).containsEntry("done_reason", "stop");
                break;
        }
        assertThat(server).answeredEveryRequest();
    }

    @Test
    void anOpenAiStreamReportsUsageOnlyWhenAskedTo() throws Exception {
        server.then(Reply.text("Beds 4 and 10 are free."));

        List<Map<String, Object>> events;
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(
                open(ModelApi.OPENAI_CHAT, false).body(), StandardCharsets.UTF_8))) {
            events = read(ModelApi.OPENAI_CHAT, lines, new ArrayList<>());
        }

        assertThat(events).noneMatch(event -> event.containsKey("usage"));
        assertThat(events).map(event -> textOf(ModelApi.OPENAI_CHAT, event)).filteredOn(text -> !text.isEmpty())
                .containsExactly("Beds 4 and 10 are free.");
    }

    @ParameterizedTest
    @EnumSource(value = ModelApi.class, names = {"OPENAI_CHAT", "ANTHROPIC_MESSAGES", "OLLAMA_CHAT"})
    void aBreakingReplyCutsTheConnectionAfterItsChunks(ModelApi api) throws Exception {
        server.then(Reply.chunks("Beds 4", " and 10", " are free.").breakingAfter(2));

        List<String> raw = new ArrayList<>();
        BufferedReader lines = new BufferedReader(new InputStreamReader(open(api, true).body(),
                StandardCharsets.UTF_8));

        assertThatThrownBy(() -> read(api, lines, raw)).isInstanceOf(IOException.class);
        assertThat(String.join("\n", raw)).contains("Beds 4").contains(" and 10").doesNotContain("are free");
    }

    @Test
    void aClientThatClosesASlowStreamIsSeenByTheServer() throws Exception {
        List<String> many = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            many.add("word" + i + " ");
        }
        server.then(Reply.chunks(many.toArray(String[]::new)).every(Duration.ofMillis(20)));

        InputStream body = open(ModelApi.OLLAMA_CHAT, false).body();
        BufferedReader lines = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8));
        assertThat(lines.readLine()).contains("word0 ");
        body.close();

        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (server.streamsClosedByClient().isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(server.streamsClosedByClient()).extracting(WireRequest::path).containsExactly("/api/chat");
    }

    @ParameterizedTest
    @EnumSource(value = ModelApi.class, names = {"OPENAI_CHAT", "ANTHROPIC_MESSAGES", "OLLAMA_CHAT"})
    void aFailureAnswersAStreamedRequestWithTheApisErrorBeforeAnyEvent(ModelApi api) throws Exception {
        server.then(Reply.retriableFailure("overloaded"));

        HttpResponse<InputStream> response = open(api, true);

        assertThat(response.statusCode()).isEqualTo(503);
        assertThat(new String(response.body().readAllBytes(), StandardCharsets.UTF_8)).contains("overloaded")
                .doesNotContain("data:");
    }

    /** Numbers as the strict codec reads them. */
    private static final class BigIntegerish {
        static Object of(long value) {
            return JsonCodec.strict().parse(Long.toString(value));
        }
    }
}
