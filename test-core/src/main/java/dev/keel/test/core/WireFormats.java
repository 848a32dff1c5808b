package dev.keel.test.core;

import dev.keel.core.InvalidInputException;
import dev.keel.core.WireFormatException;
import dev.keel.core.content.Part;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.ChatRole;
import dev.keel.core.spi.ResponseFormat;
import dev.keel.core.spi.TokenUsage;
import dev.keel.core.spi.ToolSpec;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The chat requests and responses of the OpenAI-compatible, Ollama and Anthropic APIs, as far as a stand-in provider
 * needs them: a request body read into a {@link ChatRequest} (its tools, the model's tool calls and the tools' results
 * included), a reply text and its tool calls written as the API's response or as the pieces of its stream (OpenAI-compatible and Anthropic server-sent events, Ollama's lines of JSON), a failure as its
 * error body. Responses carry fixed times and ids, so the same script gives the same bytes. Pure and
 * thread-safe.
 */
public final class WireFormats {

    /** 2026-01-01T00:00:00Z, the time every response reports. */
    private static final long CREATED = 1767225600L;
    private static final String CREATED_AT = "2026-01-01T00:00:00Z";

    private WireFormats() {
    }

    /**
     * The chat request in {@code body} (a parsed JSON object) of {@code api}.
     *
     * @throws InvalidInputException saying what is wrong when it is not one
     */
    public static ChatRequest chatRequest(ModelApi api, Map<String, Object> body) {
        Object messages = body.get("messages");
        if (!(messages instanceof List) || ((List<?>) messages).isEmpty()) {
            throw new InvalidInputException("'messages' must be a non-empty array");
        }
        ChatRequest.Builder request = ChatRequest.builder();
        // Anthropic's system prompt is no message but a field of its own, before them.
        if (api == ModelApi.ANTHROPIC_MESSAGES && body.get("system") != null) {
            request.addMessage(ChatMessage.system(content(body.get("system"))));
        }
        ToolRound round = new ToolRound();
        for (Object item : (List<?>) messages) {
            if (!(item instanceof Map)) {
                throw new InvalidInputException("every message must be an object");
            }
            request.addMessage(round.message(api, (Map<?, ?>) item));
        }
        request.tools(tools(api, body.get("tools")));
        Map<?, ?> options = api == ModelApi.OLLAMA_CHAT && body.get("options") instanceof Map
                ? (Map<?, ?>) body.get("options") : body;
        if (isJsonRequested(api, body)) {
            request.responseFormat(ResponseFormat.JSON);
        }
        if (options.get("temperature") instanceof Number) {
            request.temperature(((Number) options.get("temperature")).doubleValue());
        }
        Object maxTokens = api == ModelApi.OLLAMA_CHAT ? options.get("num_predict")
                : body.get("max_completion_tokens") != null ? body.get("max_completion_tokens")
                : body.get("max_tokens");
        if (maxTokens instanceof Number && ((Number) maxTokens).intValue() > 0) {
            request.maxOutputTokens(((Number) maxTokens).intValue());
        }
        return request.build();
    }

    /**
     * The tools a request offers: OpenAI-compatible and Ollama as {@code {"type": "function", "function": {"name",
     * "description", "parameters"}}}, Anthropic as {@code {"name", "description", "input_schema"}}.
     */
    private static List<ToolSpec> tools(ModelApi api, @Nullable Object tools) {
        if (!(tools instanceof List)) {
            return List.of();
        }
        List<ToolSpec> specs = new ArrayList<>();
        for (Object item : (List<?>) tools) {
            Map<?, ?> tool = object(item, "a tool");
            Map<?, ?> function = api == ModelApi.ANTHROPIC_MESSAGES ? tool : object(tool.get("function"),
                    "a tool's function");
            Object parameters = function.get(api == ModelApi.ANTHROPIC_MESSAGES ? "input_schema" : "parameters");
            specs.add(new ToolSpec(String.valueOf(function.get("name")),
                    function.get("description") instanceof String ? (String) function.get("description") : "",
                    parameters == null ? Map.of() : plainObject(parameters, "a tool's parameters")));
        }
        return specs;
    }

    private static Map<?, ?> object(@Nullable Object value, String what) {
        if (!(value instanceof Map)) {
            throw new InvalidInputException(what + " must be an object");
        }
        return (Map<?, ?>) value;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> plainObject(@Nullable Object value, String what) {
        return (Map<String, Object>) object(value, what);
    }

    /**
     * The tool calls the messages of one request made, so that a tool's result can be read with its call: by id, or
     * in order where the API gives no ids (Ollama). Used by one read.
     */
    private static final class ToolRound {
        private final Map<String, String> names = new LinkedHashMap<>();
        private final Deque<Part.ToolCall> unanswered = new ArrayDeque<>();

        ChatMessage message(ModelApi api, Map<?, ?> message) {
            ChatRole role = role(message.get("role"));
            if (api == ModelApi.ANTHROPIC_MESSAGES && message.get("content") instanceof List) {
                List<Part.ToolCall> calls = new ArrayList<>();
                List<Part> results = new ArrayList<>();
                for (Object block : (List<?>) message.get("content")) {
                    if (!(block instanceof Map)) {
                        continue;
                    }
                    Map<?, ?> content = (Map<?, ?>) block;
                    if ("tool_use".equals(content.get("type"))) {
                        calls.add(call(String.valueOf(content.get("id")), String.valueOf(content.get("name")),
                                plainObject(content.get("input"), "a tool call's input")));
                    } else if ("tool_result".equals(content.get("type"))) {
                        results.add(result(String.valueOf(content.get("tool_use_id")), null,
                                content(content.get("content"))));
                    }
                }
                if (!results.isEmpty()) {
                    return new ChatMessage(ChatRole.TOOL, results);
                }
                if (!calls.isEmpty()) {
                    return ChatMessage.toolCalls(content(message.get("content")), calls);
                }
            }
            if (role == ChatRole.TOOL) {
                Object id = message.get("tool_call_id");
                Object name = message.get("tool_name");
                return ChatMessage.toolResult(result(id instanceof String ? (String) id : null,
                        name instanceof String ? (String) name : null, content(message.get("content"))));
            }
            if (role == ChatRole.ASSISTANT && message.get("tool_calls") instanceof List) {
                List<Part.ToolCall> calls = new ArrayList<>();
                for (Object item : (List<?>) message.get("tool_calls")) {
                    Map<?, ?> call = object(item, "a tool call");
                    Map<?, ?> function = object(call.get("function"), "a tool call's function");
                    Object arguments = function.get("arguments");
                    String id = call.get("id") instanceof String ? (String) call.get("id")
                            : "call_" + (calls.size() + 1);
                    calls.add(call(id, String.valueOf(function.get("name")), arguments instanceof String
                            ? arguments((String) arguments) : plainObject(arguments, "a tool call's arguments")));
                }
                return ChatMessage.toolCalls(content(message.get("content")), calls);
            }
            return new ChatMessage(role, content(message.get("content")));
        }

        private Part.ToolCall call(String id, String name, Map<String, Object> arguments) {
            Part.ToolCall call = Part.ToolCall.of(id, name, arguments);
            names.put(id, name);
            unanswered.add(call);
            return call;
        }

        /** A result: of the call its id names, or (no id) of the first call not answered yet. */
        private Part.ToolResult result(@Nullable String id, @Nullable String name, String content) {
            Part.ToolCall answered = id == null ? unanswered.poll() : null;
            if (id != null) {
                unanswered.removeIf(call -> call.id().equals(id));
            }
            String callId = id != null ? id : answered != null ? answered.id() : "";
            String tool = name != null ? name : names.getOrDefault(callId, "");
            return Part.ToolResult.of(callId, tool, content);
        }

        private static Map<String, Object> arguments(String json) {
            try {
                return JsonCodec.strict().parseObject(json.isBlank() ? "{}" : json);
            } catch (WireFormatException malformed) {
                throw new InvalidInputException("a tool call's arguments must be a JSON object");
            }
        }
    }

    private static boolean isJsonRequested(ModelApi api, Map<String, Object> body) {
        if (api == ModelApi.OLLAMA_CHAT) {
            return body.get("format") != null && !"".equals(body.get("format"));
        }
        Object format = body.get(api == ModelApi.ANTHROPIC_MESSAGES ? "output_format" : "response_format");
        return format instanceof Map && String.valueOf(((Map<?, ?>) format).get("type")).startsWith("json");
    }

    private static ChatRole role(@Nullable Object role) {
        String name = String.valueOf(role).toLowerCase(Locale.ROOT);
        switch (name) {
            case "system":
            case "developer":
                return ChatRole.SYSTEM;
            case "assistant":
                return ChatRole.ASSISTANT;
            case "user":
                return ChatRole.USER;
            case "tool":
                return ChatRole.TOOL;
            default:
                throw new InvalidInputException("unknown message role '" + role + "'");
        }
    }

    /** A message's text: a string, or the text parts of an array of content parts. */
    private static String content(@Nullable Object content) {
        if (content == null) {
            return "";
        }
        if (content instanceof String) {
            return (String) content;
        }
        if (content instanceof List) {
            StringBuilder text = new StringBuilder();
            for (Object part : (List<?>) content) {
                if (part instanceof Map && ((Map<?, ?>) part).get("text") instanceof String) {
                    text.append((String) ((Map<?, ?>) part).get("text"));
                }
            }
            return text.toString();
        }
        throw new InvalidInputException("a message's content must be a string or an array of parts");
    }

    /** Whether the request asks for a streamed response. */
    public static boolean isStreaming(Map<String, Object> body) {
        return Boolean.TRUE.equals(body.get("stream"));
    }

    /**
     * The API's chat response carrying {@code text} and asking for {@code toolCalls} (none: a text answer);
     * {@code number} makes the response id.
     */
    public static String chatResponse(ModelApi api, String model, String text, TokenUsage usage, String finishReason,
                                      int number, List<Part.ToolCall> toolCalls) {
        Map<String, Object> response = new LinkedHashMap<>();
        Map<String, Object> message = new LinkedHashMap<>();
        message.put("role", "assistant");
        // The OpenAI-compatible API has no content beside tool calls when the model wrote none.
        message.put("content", api == ModelApi.OPENAI_CHAT && text.isEmpty() && !toolCalls.isEmpty() ? null : text);
        if (!toolCalls.isEmpty()) {
            message.put("tool_calls", toolCalls(api, toolCalls));
        }
        if (api == ModelApi.OLLAMA_CHAT) {
            response.put("model", model);
            response.put("created_at", CREATED_AT);
            response.put("message", message);
            response.put("done_reason", ollamaDoneReason(finishReason));
            response.put("done", true);
            response.put("prompt_eval_count", usage.inputTokens());
            response.put("eval_count", usage.outputTokens());
            return JsonCodec.strict().write(response);
        }
        if (api == ModelApi.ANTHROPIC_MESSAGES) {
            return anthropicMessage(model, text, usage, finishReason, number, toolCalls);
        }
        response.put("id", "chatcmpl-loopback-" + number);
        response.put("object", "chat.completion");
        response.put("created", CREATED);
        response.put("model", model);
        Map<String, Object> choice = new LinkedHashMap<>();
        choice.put("index", 0);
        choice.put("message", message);
        choice.put("finish_reason", finishReason);
        response.put("choices", List.of(choice));
        response.put("usage", openAiUsage(usage));
        return JsonCodec.strict().write(response);
    }

    /**
     * The tool calls of a message, OpenAI-compatible ({@code {"id", "type": "function", "function": {"name",
     * "arguments": "<JSON text>"}}}, with {@code "index"} in a stream) or Ollama ({@code {"function": {"name",
     * "arguments": {...}}}}, no id).
     */
    private static List<Object> toolCalls(ModelApi api, List<Part.ToolCall> calls) {
        List<Object> wire = new ArrayList<>(calls.size());
        for (Part.ToolCall call : calls) {
            Map<String, Object> function = new LinkedHashMap<>();
            function.put("name", call.name());
            if (api == ModelApi.OLLAMA_CHAT) {
                function.put("arguments", call.arguments());
                wire.add(Map.of("function", function));
            } else {
                function.put("arguments", JsonCodec.strict().write(call.arguments()));
                Map<String, Object> item = new LinkedHashMap<>();
                item.put("id", call.id());
                item.put("type", "function");
                item.put("function", function);
                wire.add(item);
            }
        }
        return wire;
    }

    /** Ollama stops with {@code stop} when it asks for tools; other reasons as given. */
    private static String ollamaDoneReason(String finishReason) {
        return "tool_calls".equals(finishReason) ? "stop" : finishReason;
    }

    private static String anthropicMessage(String model, String text, TokenUsage usage, String finishReason,
                                           int number, List<Part.ToolCall> toolCalls) {
        Map<String, Object> response = new LinkedHashMap<>();
        response.put("id", "msg_loopback_" + number);
        response.put("type", "message");
        response.put("role", "assistant");
        response.put("model", model);
        List<Object> content = new ArrayList<>();
        if (!text.isEmpty() || toolCalls.isEmpty()) {
            content.add(Map.of("type", "text", "text", text));
        }
        for (Part.ToolCall call : toolCalls) {
            content.add(Map.of("type", "tool_use", "id", call.id(), "name", call.name(), "input", call.arguments()));
        }
        response.put("content", content);
        response.put("stop_reason", anthropicStopReason(finishReason));
        response.put("stop_sequence", null);
        response.put("usage", anthropicUsage(usage.inputTokens(), usage.outputTokens()));
        return JsonCodec.strict().write(response);
    }

    /** Anthropic's name for a finish reason given as the other APIs name it; any other is sent as given. */
    private static String anthropicStopReason(String finishReason) {
        switch (finishReason) {
            case "stop":
                return "end_turn";
            case "length":
                return "max_tokens";
            case "tool_calls":
                return "tool_use";
            default:
                return finishReason;
        }
    }

    /**
     * Whether a streamed request asks for the usage in the stream's last chunk (the OpenAI-compatible API's
     * {@code stream_options.include_usage}; the other APIs always report it).
     */
    public static boolean streamIncludesUsage(ModelApi api, Map<String, Object> body) {
        return api != ModelApi.OPENAI_CHAT || body.get("stream_options") instanceof Map
                && Boolean.TRUE.equals(((Map<?, ?>) body.get("stream_options")).get("include_usage"));
    }

    /** The media type of the API's stream: server-sent events, or Ollama's lines of JSON. */
    public static String streamContentType(ModelApi api) {
        return api == ModelApi.OLLAMA_CHAT ? "application/x-ndjson" : "text/event-stream";
    }

    /** What the API's stream sends before the first chunk of text (nothing for Ollama). */
    public static List<String> streamOpening(ModelApi api, String model, TokenUsage usage, int number) {
        if (api == ModelApi.ANTHROPIC_MESSAGES) {
            Map<String, Object> message = new LinkedHashMap<>();
            message.put("id", "msg_loopback_" + number);
            message.put("type", "message");
            message.put("role", "assistant");
            message.put("model", model);
            message.put("content", List.of());
            message.put("stop_reason", null);
            message.put("stop_sequence", null);
            message.put("usage", anthropicUsage(usage.inputTokens(), 1));
            return List.of(event("message_start", Map.of("type", "message_start", "message", message)),
                    event("content_block_start", Map.of("type", "content_block_start", "index", 0,
                            "content_block", Map.of("type", "text", "text", ""))),
                    event("ping", Map.of("type", "ping")));
        }
        if (api == ModelApi.OPENAI_CHAT) {
            Map<String, Object> delta = new LinkedHashMap<>();
            delta.put("role", "assistant");
            delta.put("content", "");
            return List.of(data(openAiChunk(model, number, delta, null)));
        }
        return List.of();
    }

    /** One chunk of text as the API's stream sends it. */
    public static String streamChunk(ModelApi api, String model, String text, int number) {
        if (api == ModelApi.ANTHROPIC_MESSAGES) {
            return event("content_block_delta", Map.of("type", "content_block_delta", "index", 0,
                    "delta", Map.of("type", "text_delta", "text", text)));
        }
        if (api == ModelApi.OPENAI_CHAT) {
            return data(openAiChunk(model, number, Map.of("content", text), null));
        }
        Map<String, Object> line = ollamaLine(model, text);
        line.put("done", false);
        return JsonCodec.strict().write(line) + "\n";
    }

    /**
     * What the API's stream sends after the last chunk of text: the tool calls the model asks for ({@code toolCalls},
     * each in the API's stream form), why generation stopped, the usage (for the OpenAI-compatible API only when
     * {@code includeUsage}), and its end ({@code message_stop}, {@code [DONE]}, {@code "done": true}).
     */
    public static List<String> streamClosing(ModelApi api, String model, TokenUsage usage, String finishReason,
                                             int number, boolean includeUsage, List<Part.ToolCall> toolCalls) {
        if (api == ModelApi.ANTHROPIC_MESSAGES) {
            Map<String, Object> delta = new LinkedHashMap<>();
            delta.put("stop_reason", anthropicStopReason(finishReason));
            delta.put("stop_sequence", null);
            List<String> closing = new ArrayList<>();
            closing.add(event("content_block_stop", Map.of("type", "content_block_stop", "index", 0)));
            for (int i = 0; i < toolCalls.size(); i++) {
                Part.ToolCall call = toolCalls.get(i);
                int index = i + 1;
                closing.add(event("content_block_start", Map.of("type", "content_block_start", "index", index,
                        "content_block", Map.of("type", "tool_use", "id", call.id(), "name", call.name(),
                                "input", Map.of()))));
                closing.add(event("content_block_delta", Map.of("type", "content_block_delta", "index", index,
                        "delta", Map.of("type", "input_json_delta", "partial_json",
                                JsonCodec.strict().write(call.arguments())))));
                closing.add(event("content_block_stop", Map.of("type", "content_block_stop", "index", index)));
            }
            closing.add(event("message_delta", Map.of("type", "message_delta", "delta", delta,
                    "usage", Map.of("output_tokens", usage.outputTokens()))));
            closing.add(event("message_stop", Map.of("type", "message_stop")));
            return closing;
        }
        if (api == ModelApi.OPENAI_CHAT) {
            List<String> closing = new ArrayList<>();
            List<Object> calls = toolCalls(api, toolCalls);
            for (int i = 0; i < calls.size(); i++) {
                @SuppressWarnings("unchecked")
                Map<String, Object> call = new LinkedHashMap<>((Map<String, Object>) calls.get(i));
                call.put("index", i);
                closing.add(data(openAiChunk(model, number, Map.of("tool_calls", List.of(call)), null)));
            }
            closing.add(data(openAiChunk(model, number, Map.of(), finishReason)));
            if (includeUsage) {
                Map<String, Object> last = openAiChunkHead(model, number);
                last.put("choices", List.of());
                last.put("usage", openAiUsage(usage));
                closing.add(data(last));
            }
            closing.add("data: [DONE]\n\n");
            return closing;
        }
        List<String> closing = new ArrayList<>();
        if (!toolCalls.isEmpty()) {
            Map<String, Object> calls = ollamaLine(model, "");
            calls.put("message", Map.of("role", "assistant", "content", "", "tool_calls", toolCalls(api, toolCalls)));
            calls.put("done", false);
            closing.add(JsonCodec.strict().write(calls) + "\n");
        }
        Map<String, Object> line = ollamaLine(model, "");
        line.put("done_reason", ollamaDoneReason(finishReason));
        line.put("done", true);
        line.put("prompt_eval_count", usage.inputTokens());
        line.put("eval_count", usage.outputTokens());
        closing.add(JsonCodec.strict().write(line) + "\n");
        return closing;
    }

    private static Map<String, Object> ollamaLine(String model, String text) {
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("model", model);
        line.put("created_at", CREATED_AT);
        line.put("message", Map.of("role", "assistant", "content", text));
        return line;
    }

    private static Map<String, Object> openAiChunkHead(String model, int number) {
        Map<String, Object> chunk = new LinkedHashMap<>();
        chunk.put("id", "chatcmpl-loopback-" + number);
        chunk.put("object", "chat.completion.chunk");
        chunk.put("created", CREATED);
        chunk.put("model", model);
        return chunk;
    }

    private static Map<String, Object> openAiChunk(String model, int number, Map<String, Object> delta,
                                                   @Nullable String finishReason) {
        Map<String, Object> chunk = openAiChunkHead(model, number);
        Map<String, Object> choice = new LinkedHashMap<>();
        choice.put("index", 0);
        choice.put("delta", delta);
        choice.put("finish_reason", finishReason);
        chunk.put("choices", List.of(choice));
        return chunk;
    }

    private static Map<String, Object> openAiUsage(TokenUsage usage) {
        Map<String, Object> tokens = new LinkedHashMap<>();
        tokens.put("prompt_tokens", usage.inputTokens());
        tokens.put("completion_tokens", usage.outputTokens());
        tokens.put("total_tokens", usage.totalTokens());
        return tokens;
    }

    private static Map<String, Object> anthropicUsage(long input, long output) {
        Map<String, Object> tokens = new LinkedHashMap<>();
        tokens.put("input_tokens", input);
        tokens.put("output_tokens", output);
        return tokens;
    }

    /** A server-sent event with only data. */
    private static String data(Map<String, Object> json) {
        return "data: " + JsonCodec.strict().write(json) + "\n\n";
    }

    /** A named server-sent event, as Anthropic sends them. */
    private static String event(String name, Map<String, Object> json) {
        return "event: " + name + "\ndata: " + JsonCodec.strict().write(json) + "\n\n";
    }

    /** The API's error body for a failure with {@code status} and {@code message}. */
    public static String errorBody(ModelApi api, int status, String message) {
        if (api == ModelApi.ANTHROPIC_MESSAGES) {
            Map<String, Object> error = new LinkedHashMap<>();
            error.put("type", anthropicErrorType(status));
            error.put("message", message);
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("type", "error");
            body.put("error", error);
            return JsonCodec.strict().write(body);
        }
        if (api == ModelApi.OPENAI_CHAT) {
            Map<String, Object> error = new LinkedHashMap<>();
            error.put("message", message);
            error.put("type", status == 429 ? "rate_limit_error" : status >= 500 ? "server_error"
                    : "invalid_request_error");
            error.put("param", null);
            error.put("code", null);
            return JsonCodec.strict().write(Map.of("error", error));
        }
        return JsonCodec.strict().write(Map.of("error", message));
    }

    /** The error type Anthropic reports with {@code status}. */
    private static String anthropicErrorType(int status) {
        switch (status) {
            case 401:
                return "authentication_error";
            case 403:
                return "permission_error";
            case 404:
                return "not_found_error";
            case 413:
                return "request_too_large";
            case 429:
                return "rate_limit_error";
            case 529:
                return "overloaded_error";
            default:
                return status >= 500 ? "api_error" : "invalid_request_error";
        }
    }
}
