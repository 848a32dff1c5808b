package dev.keel.pipeline;

import dev.keel.core.NonRetriableBackendException;
import dev.keel.core.content.Part;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.TokenUsage;
import dev.keel.test.core.LoopbackModelServer;
import dev.keel.test.core.Reply;
import dev.keel.test.core.WireRequest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A backend that is a real HTTP client of a model server on loopback ({@link LoopbackModelServer}, Ollama's chat
 * API): what a provider would receive is read from the server, as the bytes arrived. Each message is sent as its
 * text (its parts rendered), as a text-only provider client sends it; the request's tools go as Ollama's tools, a
 * message of tool calls with them as its {@code tool_calls}, and the tool calls the server answers with come back as
 * the reply's (ids made in order, since Ollama gives none).
 */
final class LoopbackBackend implements LlmBackend, AutoCloseable {

    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final String id;
    private final LoopbackModelServer server = LoopbackModelServer.start();

    private LoopbackBackend(String id) {
        this.id = id;
    }

    /** A backend named {@code id} whose server answers each request with what {@code answer} makes of it. */
    static LoopbackBackend answering(String id, Function<ChatRequest, String> answer) {
        LoopbackBackend backend = new LoopbackBackend(id);
        backend.server.otherwise(request -> Reply.text(answer.apply(request.chat().orElseThrow())));
        return backend;
    }

    /** A backend named {@code id} whose server answers with {@code replies} in turn, the last one again after. */
    static LoopbackBackend replying(String id, Reply... replies) {
        LoopbackBackend backend = new LoopbackBackend(id);
        backend.server.then(replies).otherwise(replies[replies.length - 1]);
        return backend;
    }

    @Override
    public ChatReply chat(ChatRequest request) {
        List<Object> messages = new ArrayList<>();
        for (ChatMessage message : request.messages()) {
            Map<String, Object> wire = new LinkedHashMap<>();
            wire.put("role", message.role().name().toLowerCase(java.util.Locale.ROOT));
            List<Object> calls = new ArrayList<>();
            StringBuilder text = new StringBuilder();
            for (Part part : message.parts()) {
                if (part instanceof Part.ToolCall call) {
                    calls.add(Map.of("function", Map.of("name", call.name(), "arguments", call.arguments())));
                } else {
                    text.append(part.rendered());
                }
            }
            wire.put("content", text.toString());
            if (!calls.isEmpty()) {
                wire.put("tool_calls", calls);
            }
            messages.add(wire);
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("model", id);
        body.put("stream", false);
        body.put("messages", messages);
        if (!request.tools().isEmpty()) {
            body.put("tools", request.tools().stream().map(tool -> Map.of("type", "function", "function", Map.of(
                    "name", tool.name(), "description", tool.description(), "parameters", tool.parameters())))
                    .toList());
        }
        try {
            HttpResponse<String> response = CLIENT.send(HttpRequest.newBuilder(URI.create(server.baseUrl()
                    + "/api/chat")).timeout(Duration.ofSeconds(10)).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(JsonCodec.strict().write(body))).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new NonRetriableBackendException(id, "HTTP " + response.statusCode(), null);
            }
            Map<?, ?> message = (Map<?, ?>) JsonCodec.strict().parseObject(response.body()).get("message");
            List<Part.ToolCall> calls = new ArrayList<>();
            if (message.get("tool_calls") instanceof List<?> asked) {
                for (Object item : asked) {
                    Map<?, ?> function = (Map<?, ?>) ((Map<?, ?>) item).get("function");
                    @SuppressWarnings("unchecked")
                    Map<String, Object> arguments = (Map<String, Object>) function.get("arguments");
                    calls.add(Part.ToolCall.of("call_" + (calls.size() + 1), String.valueOf(function.get("name")),
                            arguments));
                }
            }
            String text = message.get("content") instanceof String content ? content : "";
            return ChatReply.builder().text(text).toolCalls(calls).backendId(id).usage(TokenUsage.UNKNOWN).build();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Override
    public String id() {
        return id;
    }

    /** Every request the server received, as it arrived. */
    List<WireRequest> received() {
        return server.requests();
    }

    /** The bodies of the requests the server received from the {@code from}-th on. */
    List<String> bodiesFrom(int from) {
        List<WireRequest> requests = received();
        return requests.subList(from, requests.size()).stream().map(WireRequest::body).toList();
    }

    @Override
    public void close() {
        server.close();
    }
}
