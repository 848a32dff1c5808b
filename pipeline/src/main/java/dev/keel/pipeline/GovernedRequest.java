package dev.keel.pipeline;

import dev.keel.core.InvalidInputException;
import dev.keel.core.Principal;
import dev.keel.core.content.Part;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRole;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * One request to govern: a conversation, and who asks. The conversation is the history (the earlier messages, oldest
 * first, each made of labelled parts as an earlier {@link GovernedAnswer} returned them, or unlabelled when the host
 * kept plain text) and the user's current message (one or more parts: text, attachments, ...). Governance, the
 * labels and every check are taken over all of it, since all of it may be sent to a model.
 *
 * <p>The host is trusted for the principal, the {@linkplain #subject() subject} (the authenticated user's id), the
 * session id and the {@linkplain #auditAttributes() audit attributes}; the message and the history are not. Two
 * kinds of attributes, kept apart: {@link #attributes()} are objects the application passes to its own steps and
 * are never recorded; {@link #auditAttributes()} are plain strings the host wants on record (a tenant, a channel),
 * written to the audit record, the decision log and the logging context of the call.
 *
 * <p>Immutable and thread-safe; the builder is not thread-safe.
 */
public final class GovernedRequest {

    private final @Nullable String requestId;
    private final @Nullable Principal principal;
    private final @Nullable String subject;
    private final List<ChatMessage> history;
    private final ChatMessage userMessage;
    private final @Nullable String sessionId;
    private final Map<String, Object> attributes;
    private final Map<String, String> auditAttributes;
    private final Tools tools;
    private final List<ChatMessage> toolExchange;

    private GovernedRequest(Builder b) {
        if (b.parts.isEmpty()) {
            throw new NullPointerException("message");
        }
        checkToolExchange(b.toolExchange);
        this.toolExchange = List.copyOf(b.toolExchange);
        this.requestId = b.requestId;
        this.principal = b.principal;
        this.subject = b.subject;
        this.history = List.copyOf(b.history);
        this.userMessage = new ChatMessage(ChatRole.USER, b.parts);
        this.sessionId = b.sessionId;
        this.attributes = Collections.unmodifiableMap(new LinkedHashMap<>(b.attributes));
        this.auditAttributes = Collections.unmodifiableMap(new LinkedHashMap<>(b.auditAttributes));
        this.tools = b.tools;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A request of {@code message} for {@code principal} (null: the host authenticated nobody), with no history. */
    public static GovernedRequest of(@Nullable Principal principal, String message) {
        return builder().principal(principal).message(message).build();
    }

    /** The host's request id; empty when the pipeline is to make one. */
    public Optional<String> requestId() {
        return Optional.ofNullable(requestId);
    }

    /** The principal the host authenticated; empty when it authenticated nobody. */
    public Optional<Principal> principal() {
        return Optional.ofNullable(principal);
    }

    /** The authenticated user's id, as the host knows it; recorded in the audit, never sent to a model. */
    public Optional<String> subject() {
        return Optional.ofNullable(subject);
    }

    /** The earlier messages of the conversation, oldest first; empty for a first turn. */
    public List<ChatMessage> history() {
        return history;
    }

    /** The user's current message, as given: its parts with the labels they came with (none unless the host set some). */
    public ChatMessage userMessage() {
        return userMessage;
    }

    /** The user's current message as text (its parts rendered): untrusted. */
    public String message() {
        return userMessage.text();
    }

    /** The session the request belongs to, if any. */
    public Optional<String> sessionId() {
        return Optional.ofNullable(sessionId);
    }

    /** What the application passes to its own steps (plain values by name); never recorded. */
    public Map<String, Object> attributes() {
        return attributes;
    }

    /** What the host wants on record with the call (plain strings by name): audit record, decision log, logging context. */
    public Map<String, String> auditAttributes() {
        return auditAttributes;
    }

    /**
     * The host tools offered to the model in this request; none unless given. Every call the model asks for passes
     * the policy's tool gate ({@code docs/tools.md}, "Tool calls in the pipeline").
     */
    public Tools tools() {
        return tools;
    }

    /**
     * The tool rounds of this turn so far, after the user's message: each the model's message asking for tool calls
     * (an assistant message of {@link Part.ToolCall} parts, with its text if it wrote any) and the results the caller
     * got ({@link ChatRole#TOOL} messages of {@link Part.ToolResult} parts), oldest first; empty unless the caller
     * runs tools ({@link Tools.Builder#runByCaller}). The message governed is still the user's; every result is
     * labelled by the policy's tool gate with its tool's domains before a model sees it, and the turn's decision is
     * lowered over them, the lower winning ({@code docs/governed-call.md}, "Tool calls").
     */
    public List<ChatMessage> toolExchange() {
        return toolExchange;
    }

    /** A tool exchange holds the model's calls and their results only, and ends with a result. */
    private static void checkToolExchange(List<ChatMessage> exchange) {
        for (ChatMessage message : exchange) {
            boolean fits = switch (message.role()) {
                case ASSISTANT -> message.parts().stream().anyMatch(Part.ToolCall.class::isInstance);
                case TOOL -> message.parts().stream().allMatch(Part.ToolResult.class::isInstance);
                default -> false;
            };
            if (!fits) {
                throw new InvalidInputException("a tool exchange holds assistant messages of tool calls and tool"
                        + " messages of their results only, not a " + message.role().name().toLowerCase(
                        java.util.Locale.ROOT) + " message of " + message.parts().size() + " part(s)");
            }
        }
        if (!exchange.isEmpty() && exchange.get(exchange.size() - 1).role() != ChatRole.TOOL) {
            throw new InvalidInputException("a tool exchange ends with the results of the model's tool calls");
        }
    }

    @Override
    public String toString() {
        return "GovernedRequest{" + (requestId == null ? "" : requestId + ", ") + "principal=" + principal
                + (subject == null ? "" : ", subject=" + subject) + ", history=" + history.size()
                + " messages, message parts=" + userMessage.parts().size()
                + (toolExchange.isEmpty() ? "" : ", tool exchange=" + toolExchange.size() + " messages")
                + (sessionId == null ? "" : ", session=" + sessionId) + "}";
    }

    /** Collects a request; not thread-safe. */
    public static final class Builder {
        private @Nullable String requestId;
        private @Nullable Principal principal;
        private @Nullable String subject;
        private final List<ChatMessage> history = new ArrayList<>();
        private List<Part> parts = List.of();
        private @Nullable String sessionId;
        private final Map<String, Object> attributes = new LinkedHashMap<>();
        private final Map<String, String> auditAttributes = new LinkedHashMap<>();
        private Tools tools = Tools.none();
        private List<ChatMessage> toolExchange = List.of();

        private Builder() {
        }

        /** The host's request id; the pipeline makes one unless set. */
        public Builder requestId(@Nullable String requestId) {
            this.requestId = requestId;
            return this;
        }

        /** The principal the host authenticated; none (null) unless set. */
        public Builder principal(@Nullable Principal principal) {
            this.principal = principal;
            return this;
        }

        /** The authenticated user's id (the host's; trusted); none unless set. */
        public Builder subject(String subject) {
            this.subject = subject;
            return this;
        }

        /** The user's current message: one text part. */
        public Builder message(String message) {
            return message(Part.text(Objects.requireNonNull(message, "message")));
        }

        /** The user's current message: {@code parts} (text, attachments, ...), at least one. */
        public Builder message(Part... parts) {
            return message(List.of(parts));
        }

        /** The user's current message: {@code parts}, at least one. */
        public Builder message(List<? extends Part> parts) {
            this.parts = List.copyOf(parts);
            return this;
        }

        /** The earlier messages, oldest first, replacing any given before. */
        public Builder history(List<ChatMessage> messages) {
            history.clear();
            messages.forEach(this::addHistory);
            return this;
        }

        /** Adds {@code message} after the earlier ones. */
        public Builder addHistory(ChatMessage message) {
            history.add(Objects.requireNonNull(message, "message"));
            return this;
        }

        /** The session the request belongs to; none unless set. */
        public Builder sessionId(@Nullable String sessionId) {
            this.sessionId = sessionId;
            return this;
        }

        /** A value for the application's steps; never recorded. */
        public Builder attribute(String name, Object value) {
            attributes.put(Objects.requireNonNull(name, "name"), value);
            return this;
        }

        /** A value recorded with the call (audit record, decision log, logging context): plain text, no user content. */
        public Builder auditAttribute(String name, String value) {
            auditAttributes.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(value, "value"));
            return this;
        }

        /**
         * The host tools the model may ask to call in this request; none unless set. Given per request, since what a
         * host offers and what its executors reach depend on the caller ({@link Tools}).
         */
        public Builder tools(Tools tools) {
            this.tools = Objects.requireNonNull(tools, "tools");
            return this;
        }

        /**
         * The tool rounds of this turn so far, after the user's message ({@link GovernedRequest#toolExchange()}):
         * the model's messages of tool calls and the caller's results, oldest first; none unless set.
         */
        public Builder toolExchange(List<ChatMessage> messages) {
            this.toolExchange = List.copyOf(messages);
            return this;
        }

        /**
         * @throws NullPointerException  when no message is set
         * @throws InvalidInputException when the tool exchange holds a message that is not a tool call or result,
         *                               or does not end with a result
         */
        public GovernedRequest build() {
            return new GovernedRequest(this);
        }
    }
}
