package dev.keel.core.spi;

import dev.keel.core.InvalidInputException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What is sent to an {@link LlmBackend}: the messages, the tools the model may ask to call, and the options of one
 * exchange, and two labels for the
 * caller's own bookkeeping that are never sent to a provider: the request id it belongs to and its purpose.
 *
 * <p>Equal when every part is equal. Immutable and thread-safe; the builder is not thread-safe.
 */
public final class ChatRequest {

    private final List<ChatMessage> messages;
    private final List<ToolSpec> tools;
    private final ResponseFormat responseFormat;
    private final @Nullable Double temperature;
    private final @Nullable Integer maxOutputTokens;
    private final @Nullable String requestId;
    private final @Nullable String purpose;

    private ChatRequest(Builder b) {
        this.messages = List.copyOf(b.messages);
        this.tools = List.copyOf(b.tools);
        this.responseFormat = b.responseFormat;
        this.temperature = b.temperature;
        this.maxOutputTokens = b.maxOutputTokens;
        this.requestId = b.requestId;
        this.purpose = b.purpose;
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

    /**
     * The tools the model may ask to call in this exchange; empty unless given. A reply may then carry the model's
     * calls ({@link ChatReply#toolCalls()}) instead of, or beside, its text.
     */
    public List<ToolSpec> tools() {
        return tools;
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

    /**
     * What this exchange is for, as the caller labels it (the stage runtime gives the stage id), if given. A label
     * for routing replies in tests, traces and logs: backends never send it to a provider.
     */
    public Optional<String> purpose() {
        return Optional.ofNullable(purpose);
    }

    /** A builder holding this request's values. */
    public Builder toBuilder() {
        Builder b = builder().messages(messages).tools(tools).responseFormat(responseFormat).requestId(requestId).purpose(purpose);
        b.temperature = temperature;
        b.maxOutputTokens = maxOutputTokens;
        return b;
    }

    @Override
    public boolean equals(Object other) {
        if (this == other) {
            return true;
        }
        if (!(other instanceof ChatRequest)) {
            return false;
        }
        ChatRequest that = (ChatRequest) other;
        return messages.equals(that.messages) && tools.equals(that.tools) && responseFormat == that.responseFormat
                && Objects.equals(temperature, that.temperature)
                && Objects.equals(maxOutputTokens, that.maxOutputTokens)
                && Objects.equals(requestId, that.requestId) && Objects.equals(purpose, that.purpose);
    }

    @Override
    public int hashCode() {
        return Objects.hash(messages, tools, responseFormat, temperature, maxOutputTokens, requestId, purpose);
    }

    @Override
    public String toString() {
        return "ChatRequest{" + messages.size() + " messages, " + tools.size() + " tools, format=" + responseFormat + ", requestId=" + requestId
                + ", purpose=" + purpose + "}";
    }

    /** Collects a request; not thread-safe. */
    public static final class Builder {
        private final List<ChatMessage> messages = new ArrayList<>();
        private final List<ToolSpec> tools = new ArrayList<>();
        private ResponseFormat responseFormat = ResponseFormat.TEXT;
        private @Nullable Double temperature;
        private @Nullable Integer maxOutputTokens;
        private @Nullable String requestId;
        private @Nullable String purpose;

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

        /**
         * The tools the model may ask to call, replacing any given before.
         *
         * @throws InvalidInputException when two tools have the same name
         */
        public Builder tools(List<ToolSpec> tools) {
            this.tools.clear();
            for (ToolSpec tool : tools) {
                Objects.requireNonNull(tool, "tool");
                if (this.tools.stream().anyMatch(known -> known.name().equals(tool.name()))) {
                    throw new InvalidInputException("the tool '" + tool.name() + "' is given twice");
                }
                this.tools.add(tool);
            }
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
                throw new InvalidInputException("maxOutputTokens must be > 0");
            }
            this.maxOutputTokens = maxOutputTokens;
            return this;
        }

        public Builder requestId(@Nullable String requestId) {
            this.requestId = requestId;
            return this;
        }

        /**
         * What the exchange is for (a stage id, a step's name); null for none.
         *
         * @throws InvalidInputException when {@code purpose} is blank
         */
        public Builder purpose(@Nullable String purpose) {
            if (purpose != null && purpose.isBlank()) {
                throw new InvalidInputException("a purpose must not be blank");
            }
            this.purpose = purpose;
            return this;
        }

        /** @throws InvalidInputException when there is no message */
        public ChatRequest build() {
            if (messages.isEmpty()) {
                throw new InvalidInputException("a chat request needs at least one message");
            }
            return new ChatRequest(this);
        }
    }
}
