package dev.keel.llm.adapters.internal;

import dev.keel.core.NonRetriableBackendException;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.ResponseFormat;
import dev.keel.core.spi.TokenUsage;
import dev.keel.llm.adapters.ChatModelBackend;
import dev.keel.llm.adapters.JsonMode;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.FinishReason;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/** {@link ChatModelBackend} over a langchain4j {@link ChatModel}. Not pure (the model's I/O); thread-safe when the model is. */
public final class LangChainChatModelBackend implements ChatModelBackend {

    private static final String THINK_OPEN = "<think>";
    private static final String THINK_CLOSE = "</think>";

    private final String id;
    private final ChatModel model;
    private final String modelName;
    private final JsonMode jsonMode;
    private final Redactor redactor;

    public LangChainChatModelBackend(String id, ChatModel model, String modelName, JsonMode jsonMode, List<String> secrets) {
        this.id = id;
        this.model = model;
        this.modelName = modelName;
        this.jsonMode = jsonMode;
        this.redactor = Redactor.of(secrets);
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
        return toReply(response);
    }

    private dev.langchain4j.model.chat.request.ChatRequest translate(ChatRequest request) {
        List<dev.langchain4j.data.message.ChatMessage> messages = new ArrayList<>(request.messages().size());
        for (ChatMessage message : request.messages()) {
            switch (message.role()) {
                case SYSTEM:
                    messages.add(SystemMessage.from(message.text()));
                    break;
                case ASSISTANT:
                    messages.add(AiMessage.from(message.text()));
                    break;
                default:
                    messages.add(UserMessage.from(message.text()));
                    break;
            }
        }
        dev.langchain4j.model.chat.request.ChatRequest.Builder builder =
                dev.langchain4j.model.chat.request.ChatRequest.builder().messages(messages);
        request.temperature().ifPresent(builder::temperature);
        request.maxOutputTokens().ifPresent(builder::maxOutputTokens);
        if (request.responseFormat() == ResponseFormat.JSON && jsonMode == JsonMode.NATIVE) {
            builder.responseFormat(dev.langchain4j.model.chat.request.ResponseFormat.JSON);
        }
        return builder.build();
    }

    private ChatReply toReply(ChatResponse response) {
        if (response == null || response.aiMessage() == null || response.aiMessage().text() == null) {
            String finish = response == null ? null : finishReason(response.finishReason());
            throw new NonRetriableBackendException(id, "backend '" + id + "' returned no text"
                    + (finish == null ? "" : " (finish reason " + finish + ")"), null);
        }
        return ChatReply.builder()
                .text(withoutLeadingThinking(response.aiMessage().text()))
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

    /** Reasoning models may put their chain of thought first; it is not part of the answer. */
    static String withoutLeadingThinking(String text) {
        String stripped = text.stripLeading();
        if (!stripped.startsWith(THINK_OPEN)) {
            return text;
        }
        int close = stripped.indexOf(THINK_CLOSE);
        return close < 0 ? text : stripped.substring(close + THINK_CLOSE.length()).strip();
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
    public JsonMode jsonMode() {
        return jsonMode;
    }

    @Override
    public String toString() {
        return "ChatModelBackend{id=" + id + ", model=" + modelName + ", json=" + jsonMode + "}";
    }
}
