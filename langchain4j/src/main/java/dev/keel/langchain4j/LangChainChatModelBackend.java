package dev.keel.langchain4j;

import dev.keel.core.NonRetriableBackendException;
import dev.keel.core.WireFormatException;
import dev.keel.core.content.Part;
import dev.keel.core.json.JsonBudget;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.ResponseFormat;
import dev.keel.core.spi.StreamHandle;
import dev.keel.core.spi.StreamSink;
import dev.keel.core.spi.TokenUsage;
import dev.keel.core.spi.ToolSpec;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.FinishReason;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/** {@link ChatModelBackend} over a langchain4j {@link ChatModel}. Not pure (the model's I/O); thread-safe when the model is. */
final class LangChainChatModelBackend implements ChatModelBackend {

    private final String id;
    private final ChatModel model;
    private final String modelName;
    private final JsonMode jsonMode;
    private final Redactor redactor;
    private final @Nullable StreamingChatModel streamingModel;
    private final Duration streamTimeout;

    public LangChainChatModelBackend(String id, ChatModel model, String modelName, JsonMode jsonMode,
                                     List<String> secrets, @Nullable StreamingChatModel streamingModel,
                                     Duration streamTimeout) {
        this.id = id;
        this.model = model;
        this.modelName = modelName;
        this.jsonMode = jsonMode;
        this.redactor = Redactor.of(secrets);
        this.streamingModel = streamingModel;
        this.streamTimeout = streamTimeout;
    }

    @Override
    public ChatReply chat(ChatRequest request) {
        dev.langchain4j.model.chat.request.ChatRequest translated = translate(request);
        ChatResponse response;
        try {
            response = model.chat(translated);
        } catch (RuntimeException failure) {
            throw FailureClassifier.classify(id, failure, redactor);
        }
        String text = providerText(response);
        return reply(response, text == null ? "" : LeadingThinking.removedFrom(text));
    }

    /** The provider's chunks as they arrive, when there is a streaming model; else the reply as one chunk. */
    @Override
    public void stream(ChatRequest request, StreamSink sink, StreamHandle handle) {
        if (streamingModel == null) {
            ChatModelBackend.super.stream(request, sink, handle);
            return;
        }
        new LangChainStream(id, redactor, streamTimeout, this::reply).run(streamingModel, translate(request), sink,
                handle);
    }

    private dev.langchain4j.model.chat.request.ChatRequest translate(ChatRequest request) {
        List<dev.langchain4j.data.message.ChatMessage> messages = new ArrayList<>(request.messages().size());
        for (ChatMessage message : request.messages()) {
            switch (message.role()) {
                case SYSTEM:
                    messages.add(SystemMessage.from(message.text()));
                    break;
                case ASSISTANT:
                    messages.add(assistant(message));
                    break;
                case TOOL:
                    toolResults(message, messages);
                    break;
                default:
                    messages.add(UserMessage.from(message.text()));
                    break;
            }
        }
        dev.langchain4j.model.chat.request.ChatRequest.Builder builder =
                dev.langchain4j.model.chat.request.ChatRequest.builder().messages(messages);
        if (!request.tools().isEmpty()) {
            builder.toolSpecifications(request.tools().stream().map(LangChainChatModelBackend::specification)
                    .toList());
        }
        request.temperature().ifPresent(builder::temperature);
        request.maxOutputTokens().ifPresent(builder::maxOutputTokens);
        if (request.responseFormat() == ResponseFormat.JSON && jsonMode == JsonMode.NATIVE) {
            builder.responseFormat(dev.langchain4j.model.chat.request.ResponseFormat.JSON);
        }
        return builder.build();
    }

    /**
     * An assistant message as langchain4j has it: its text, and the tool calls it made, which the provider must see
     * again beside their results.
     */
    private static AiMessage assistant(ChatMessage message) {
        List<ToolExecutionRequest> calls = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        for (Part part : message.parts()) {
            if (part instanceof Part.ToolCall call) {
                calls.add(ToolExecutionRequest.builder().id(call.id()).name(call.name())
                        .arguments(JsonCodec.strict().write(call.arguments())).build());
            } else {
                text.append(text.length() == 0 ? "" : "\n\n").append(part.rendered());
            }
        }
        if (calls.isEmpty()) {
            return AiMessage.from(text.toString());
        }
        return text.length() == 0 ? AiMessage.from(calls) : AiMessage.from(text.toString(), calls);
    }

    /**
     * A tool message's results, one langchain4j message each: a string result as it is, any other value as JSON (no
     * result as {@code null}). A
     * part that is no result (which a tool message should not hold) is sent as the user's text.
     */
    private static void toolResults(ChatMessage message, List<dev.langchain4j.data.message.ChatMessage> messages) {
        for (Part part : message.parts()) {
            if (part instanceof Part.ToolResult result) {
                Object value = result.result();
                String text = value instanceof String string ? string
                        : value == null ? "null" : JsonCodec.strict().write(value);
                messages.add(ToolExecutionResultMessage.from(result.callId(), result.name(), text));
            } else {
                messages.add(UserMessage.from(part.rendered()));
            }
        }
    }

    /** A tool as langchain4j describes it: the parameters are read from the JSON Schema as given. */
    private static ToolSpecification specification(ToolSpec tool) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("name", tool.name());
        json.put("description", tool.description());
        if (!tool.parameters().isEmpty()) {
            json.put("parameters", tool.parameters());
        }
        return ToolSpecification.fromJson(JsonCodec.strict().write(json));
    }

    /**
     * The tool calls of {@code response}'s message, as Keel's parts: the arguments read as a JSON object (none when
     * the model sent none) under the JSON budget, so that arguments nested or sized past it are its placeholder, which
     * the tool gate refuses, and not a failed call; a call without an id (Ollama gives none) is named by its place in
     * the reply.
     *
     * @throws NonRetriableBackendException when a call's arguments are not a JSON object
     */
    private List<Part.ToolCall> toolCalls(@Nullable ChatResponse response) {
        if (response == null || response.aiMessage() == null || !response.aiMessage().hasToolExecutionRequests()) {
            return List.of();
        }
        List<ToolExecutionRequest> requests = response.aiMessage().toolExecutionRequests();
        List<Part.ToolCall> calls = new ArrayList<>(requests.size());
        for (int i = 0; i < requests.size(); i++) {
            ToolExecutionRequest request = requests.get(i);
            String arguments = request.arguments() == null || request.arguments().isBlank() ? "{}"
                    : request.arguments();
            Map<String, Object> object;
            try {
                object = JsonBudget.readObject(arguments);
            } catch (WireFormatException malformed) {
                throw new NonRetriableBackendException(id, "backend '" + id + "' asked for tool '" + request.name()
                        + "' with arguments that are not a JSON object", null);
            }
            String callId = request.id() == null || request.id().isBlank() ? "call_" + (i + 1) : request.id();
            calls.add(Part.ToolCall.of(callId, request.name(), object));
        }
        return calls;
    }

    private static @Nullable String providerText(@Nullable ChatResponse response) {
        return response == null || response.aiMessage() == null ? null : response.aiMessage().text();
    }

    /**
     * The reply of {@code response} with {@code text} (what was read of it, a leading think block removed: the
     * provider's text, or the chunks streamed) and the tool calls it asks for; a response with no text at all and no
     * tool call is a failure, as a reply must say something.
     */
    private ChatReply reply(@Nullable ChatResponse response, String text) {
        if (response == null || text.isEmpty() && providerText(response) == null && toolCalls(response).isEmpty()) {
            String finish = response == null ? null : finishReason(response.finishReason());
            throw new NonRetriableBackendException(id, "backend '" + id + "' returned no text"
                    + (finish == null ? "" : " (finish reason " + finish + ")"), null);
        }
        return ChatReply.builder()
                .text(text)
                .toolCalls(toolCalls(response))
                .usage(usage(response.tokenUsage()))
                .backendId(id)
                .model(response.modelName() == null ? modelName : response.modelName())
                .finishReason(finishReason(response.finishReason()))
                .build();
    }

    private static TokenUsage usage(dev.langchain4j.model.output.TokenUsage usage) {
        if (usage == null) {
            return TokenUsage.UNKNOWN;
        }
        return new TokenUsage(nonNegative(usage.inputTokenCount()), nonNegative(usage.outputTokenCount()));
    }

    private static long nonNegative(@Nullable Integer count) {
        return count == null || count < 0 ? 0 : count;
    }

    private static @Nullable String finishReason(@Nullable FinishReason reason) {
        return reason == null ? null : reason.name().toLowerCase(Locale.ROOT);
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public String modelName() {
        return modelName;
    }

    @Override
    public ChatModel chatModel() {
        return model;
    }

    @Override
    public Optional<StreamingChatModel> streamingModel() {
        return Optional.ofNullable(streamingModel);
    }

    @Override
    public JsonMode jsonMode() {
        return jsonMode;
    }

    @Override
    public String toString() {
        return "ChatModelBackend{id=" + id + ", model=" + modelName + ", json=" + jsonMode + "}";
    }
}
