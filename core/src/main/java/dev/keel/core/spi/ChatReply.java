package dev.keel.core.spi;

import dev.keel.core.content.Part;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What an {@link LlmBackend} answered: the text, the tools the model asks to call (when the request offered tools),
 * the tokens it cost, and who really answered.
 *
 * <p>Immutable and thread-safe; the builder is not thread-safe.
 */
public final class ChatReply {

    private final String text;
    private final List<Part.ToolCall> toolCalls;
    private final TokenUsage usage;
    private final String backendId;
    private final @Nullable String model;
    private final @Nullable String finishReason;

    private ChatReply(Builder b) {
        this.text = Objects.requireNonNull(b.text, "text");
        this.toolCalls = List.copyOf(b.toolCalls);
        this.usage = Objects.requireNonNull(b.usage, "usage");
        this.backendId = Objects.requireNonNull(b.backendId, "backendId");
        this.model = b.model;
        this.finishReason = b.finishReason;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The reply text (JSON text when JSON was asked for). */
    public String text() {
        return text;
    }

    /**
     * The calls of the request's tools the model asks for, in its order; empty when it answered with text alone. The
     * text of a reply that asks for calls is what the model wrote beside them (often empty).
     */
    public List<Part.ToolCall> toolCalls() {
        return toolCalls;
    }

    public TokenUsage usage() {
        return usage;
    }

    /** The backend that produced this reply: what provenance records as {@code backend_used}. */
    public String backendId() {
        return backendId;
    }

    /** The model name the backend reported, if any. */
    public Optional<String> model() {
        return Optional.ofNullable(model);
    }

    /** Why generation stopped (for example {@code stop}, {@code length}), if the backend said. */
    public Optional<String> finishReason() {
        return Optional.ofNullable(finishReason);
    }

    public Builder toBuilder() {
        return builder().text(text).toolCalls(toolCalls).usage(usage).backendId(backendId).model(model).finishReason(finishReason);
    }

    @Override
    public String toString() {
        return "ChatReply{backend=" + backendId + ", model=" + model + ", usage=" + usage + ", " + text.length() + " chars"
                + (toolCalls.isEmpty() ? "" : ", " + toolCalls.size() + " tool calls") + "}";
    }

    /** Collects a reply; not thread-safe. */
    public static final class Builder {
        private @Nullable String text;
        private List<Part.ToolCall> toolCalls = List.of();
        private TokenUsage usage = TokenUsage.UNKNOWN;
        private @Nullable String backendId;
        private @Nullable String model;
        private @Nullable String finishReason;

        private Builder() {
        }

        public Builder text(String text) {
            this.text = text;
            return this;
        }

        /** The calls the model asks for; none unless set. */
        public Builder toolCalls(List<Part.ToolCall> toolCalls) {
            this.toolCalls = List.copyOf(toolCalls);
            return this;
        }

        public Builder usage(TokenUsage usage) {
            this.usage = usage;
            return this;
        }

        public Builder backendId(String backendId) {
            this.backendId = backendId;
            return this;
        }

        public Builder model(@Nullable String model) {
            this.model = model;
            return this;
        }

        public Builder finishReason(@Nullable String finishReason) {
            this.finishReason = finishReason;
            return this;
        }

        /** @throws NullPointerException when text or backendId is missing */
        public ChatReply build() {
            return new ChatReply(this);
        }
    }
}
