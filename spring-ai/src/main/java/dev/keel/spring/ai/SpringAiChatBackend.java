package dev.keel.spring.ai;

import dev.keel.core.BackendException;
import dev.keel.core.ConfigurationException;
import dev.keel.core.NonRetriableBackendException;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.StreamHandle;
import dev.keel.core.spi.StreamSink;
import dev.keel.core.spi.TokenUsage;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.SystemMessage;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.metadata.Usage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;

/**
 * A Spring AI {@link ChatModel} as a Keel backend. The request Keel sends (already egress-filtered when the backend is
 * external) becomes a Spring AI prompt of one message per Keel message, its parts rendered as the backend receives
 * text; the temperature and output limit go as options, the model's own options stay as the host configured them.
 * A failure of the model (after Spring AI's own retries, which its provider clients run) is a
 * {@link NonRetriableBackendException}, so that the governed call falls back at once and no message names the
 * model's classes. A model with tools of its own is refused: it would run them inside one call, out of governance's
 * sight. Streamed, the model's stream is read on the caller's thread and closed when the handle is
 * cancelled. Thread-safe when the model is.
 */
final class SpringAiChatBackend implements LlmBackend {

    private final String id;
    private final ChatModel model;

    /**
     * @throws ConfigurationException when {@code model} has tools of its own (tool callbacks or tool names in its
     *         default options): it would run them inside a call and send their results to its provider, where the
     *         governed call never reads them
     */
    public SpringAiChatBackend(String id, ChatModel model) {
        if (model.getDefaultOptions() instanceof ToolCallingChatOptions tools
                && (!tools.getToolCallbacks().isEmpty() || !tools.getToolNames().isEmpty())) {
            throw new ConfigurationException("backend '" + id + "' is a chat model with tools of its own: it would"
                    + " run them and send their results to its provider unread by governance; give Keel the model"
                    + " without default tools");
        }
        this.id = id;
        this.model = model;
    }

    @Override
    public ChatReply chat(ChatRequest request) {
        ChatResponse response;
        try {
            response = model.call(prompt(request));
        } catch (RuntimeException failure) {
            throw failed(failure);
        }
        if (response == null) {
            throw new NonRetriableBackendException(id, "backend '" + id + "' gave no response", null);
        }
        return reply(text(response), response);
    }

    @Override
    public void stream(ChatRequest request, StreamSink sink, StreamHandle handle) {
        StringBuilder text = new StringBuilder();
        @Nullable ChatResponse last = null;
        try (Stream<ChatResponse> responses = model.stream(prompt(request)).toStream(1)) {
            // Closing the stream cancels the model's subscription, which closes its connection.
            handle.onCancel(responses::close);
            Iterator<ChatResponse> each = responses.iterator();
            while (!handle.isCancelled()) {
                ChatResponse response;
                try {
                    if (!each.hasNext()) {
                        break;
                    }
                    response = each.next();
                } catch (RuntimeException failure) {
                    // The model's failure; what the sink throws below is not caught and reaches the caller.
                    if (!handle.isCancelled()) {
                        sink.fail(failed(failure));
                    }
                    return;
                }
                last = response;
                String chunk = text(response);
                if (!chunk.isEmpty() && !handle.isCancelled()) {
                    text.append(chunk);
                    sink.chunk(chunk);
                }
            }
        }
        if (!handle.isCancelled()) {
            sink.complete(reply(text.toString(), last));
        }
    }

    private BackendException failed(RuntimeException failure) {
        return new NonRetriableBackendException(id, "backend '" + id + "' failed: "
                + failure.getClass().getSimpleName(), failure);
    }

    private Prompt prompt(ChatRequest request) {
        List<Message> messages = new ArrayList<>(request.messages().size());
        for (ChatMessage message : request.messages()) {
            messages.add(switch (message.role()) {
                case SYSTEM -> new SystemMessage(message.text());
                case ASSISTANT -> new AssistantMessage(message.text());
                default -> new UserMessage(message.text());
            });
        }
        if (request.temperature().isEmpty() && request.maxOutputTokens().isEmpty()) {
            return new Prompt(messages);
        }
        ChatOptions.Builder options = ChatOptions.builder();
        request.temperature().ifPresent(options::temperature);
        request.maxOutputTokens().ifPresent(options::maxTokens);
        return new Prompt(messages, options.build());
    }

    private static String text(ChatResponse response) {
        Generation generation = response.getResult();
        if (generation == null || generation.getOutput() == null) {
            return "";
        }
        String text = generation.getOutput().getText();
        return text == null ? "" : text;
    }

    private ChatReply reply(String text, @Nullable ChatResponse response) {
        ChatReply.Builder reply = ChatReply.builder().text(text).backendId(id);
        if (response != null && response.getMetadata() != null) {
            Usage usage = response.getMetadata().getUsage();
            if (usage != null) {
                reply.usage(new TokenUsage(tokens(usage.getPromptTokens()), tokens(usage.getCompletionTokens())));
            }
            String name = response.getMetadata().getModel();
            reply.model(name == null || name.isEmpty() ? null : name);
            Generation generation = response.getResult();
            if (generation != null && generation.getMetadata() != null) {
                reply.finishReason(generation.getMetadata().getFinishReason());
            }
        }
        return reply.build();
    }

    private static long tokens(@Nullable Integer count) {
        return count == null ? 0 : Math.max(0, count);
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public String toString() {
        return "SpringAiChatBackend{" + id + "}";
    }
}
