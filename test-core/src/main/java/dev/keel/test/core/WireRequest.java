package dev.keel.test.core;

import dev.keel.core.spi.ChatRequest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * One HTTP request the {@link LoopbackModelServer} received: method, path, headers, the body as sent and as parsed
 * JSON, which API it spoke, and, for a chat request, the model it named and the {@link ChatRequest} it carried.
 * Immutable and thread-safe.
 */
public final class WireRequest {

    private final ModelApi api;
    private final String method;
    private final String path;
    private final Map<String, List<String>> headers;
    private final String body;
    private final Map<String, Object> json;
    private final @Nullable ChatRequest chat;

    WireRequest(ModelApi api, String method, String path, Map<String, List<String>> headers, String body,
                Map<String, Object> json, @Nullable ChatRequest chat) {
        this.api = Objects.requireNonNull(api, "api");
        this.method = Objects.requireNonNull(method, "method");
        this.path = Objects.requireNonNull(path, "path");
        Map<String, List<String>> copy = new LinkedHashMap<>();
        headers.forEach((name, values) -> copy.put(name, List.copyOf(values)));
        this.headers = java.util.Collections.unmodifiableMap(copy);
        this.body = Objects.requireNonNull(body, "body");
        this.json = json;
        this.chat = chat;
    }

    public ModelApi api() {
        return api;
    }

    public String method() {
        return method;
    }

    /** The path, without the query. */
    public String path() {
        return path;
    }

    /** The headers as received. */
    public Map<String, List<String>> headers() {
        return headers;
    }

    /** The first value of the header {@code name} (in any case); empty when it was not sent. */
    public Optional<String> header(String name) {
        for (Map.Entry<String, List<String>> header : headers.entrySet()) {
            if (header.getKey().equalsIgnoreCase(name) && !header.getValue().isEmpty()) {
                return Optional.of(header.getValue().get(0));
            }
        }
        return Optional.empty();
    }

    /** The body exactly as sent (decoded as UTF-8). */
    public String body() {
        return body;
    }

    /** The body parsed as a strict JSON object; empty when it is not one. */
    public Map<String, Object> json() {
        return json;
    }

    /** The model the chat request named; empty when it named none. */
    public Optional<String> model() {
        Object model = json.get("model");
        return model instanceof String ? Optional.of((String) model) : Optional.empty();
    }

    /** What the chat request asked, read from the body; empty when this was not a readable chat request. */
    public Optional<ChatRequest> chat() {
        return Optional.ofNullable(chat);
    }

    @Override
    public String toString() {
        return "WireRequest{" + method + " " + path + ", " + api + model().map(m -> ", model " + m).orElse("") + ", "
                + body.length() + " characters}";
    }
}
