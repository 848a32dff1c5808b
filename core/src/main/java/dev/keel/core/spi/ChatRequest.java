package dev.keel.core.spi;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What is sent to an {@link LlmBackend}: the messages and the options of one exchange.
 *
 * <p>Immutable and thread-safe; the builder is not thread-safe.
 */
public final class ChatRequest {

    private final List<ChatMessage> messages;
    private final ResponseFormat responseFormat;
    private final Double temperature;
    private final Integer maxOutputTokens;
    private final String requestId;

    private ChatRequest(Builder b) {
        this.messages = List.copyOf(b.messages);
        this.responseFormat = b.responseFormat;
        this.temperature = b.temperature;
        this.maxOutputTokens = b.maxOutputTokens;
        this.requestId = b.requestId;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A request of one user message, free-text reply. */
    public static ChatRequest ofUserMessage(String text) {
        return builder().addMessage(ChatMessage.user(text)).build();
    }

    public List<ChatMessage> messages() {
        return messages;
    }

    public ResponseFormat responseFormat() {
        return responseFormat;
    }

    public Optional<Double> temperature() {
        return Optional.ofNullable(temperature);
    }

    public Optional<Integer> maxOutputTokens() {
        return Optional.ofNullable(maxOutputTokens);
    }

    /** The host's id for the request this exchange belongs to (for audit and logs), if given. */
    public Optional<String> requestId() {
        return Optional.ofNullable(requestId);
    }

    /** A builder holding this request's values. */
    public Builder toBuilder() {
        Builder b = builder().messages(messages).responseFormat(responseFormat).requestId(requestId);
        b.temperature = temperature;
        b.maxOutputTokens = maxOutputTokens;
        return b;
    }

    @Override
    public String toString() {
        return "ChatRequest{" + messages.size() + " messages, format=" + responseFormat + ", requestId=" + requestId + "}";
    }

    /** Collects a request; not thread-safe. */
    public static final class Builder {
        private final List<ChatMessage> messages = new ArrayList<>();
        private ResponseFormat responseFormat = ResponseFormat.TEXT;
        private Double temperature;
        private Integer maxOutputTokens;
        private String requestId;

        private Builder() {
        }

        public Builder addMessage(ChatMessage message) {
            messages.add(Objects.requireNonNull(message, "message"));
            return this;
        }

        public Builder messages(List<ChatMessage> messages) {
            this.messages.clear();
            messages.forEach(this::addMessage);
            return this;
        }

        public Builder responseFormat(ResponseFormat responseFormat) {
            this.responseFormat = Objects.requireNonNull(responseFormat, "responseFormat");
            return this;
        }

        public Builder temperature(double temperature) {
            this.temperature = temperature;
            return this;
        }

        public Builder maxOutputTokens(int maxOutputTokens) {
            if (maxOutputTokens <= 0) {
                throw new IllegalArgumentException("maxOutputTokens must be > 0");
            }
            this.maxOutputTokens = maxOutputTokens;
            return this;
        }

        public Builder requestId(String requestId) {
            this.requestId = requestId;
            return this;
        }

        /** @throws IllegalStateException when there is no message */
        public ChatRequest build() {
            if (messages.isEmpty()) {
                throw new IllegalStateException("a chat request needs at least one message");
            }
            return new ChatRequest(this);
        }
    }
}
