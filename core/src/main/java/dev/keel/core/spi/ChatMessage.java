package dev.keel.core.spi;

import dev.keel.core.InvalidInputException;
import dev.keel.core.content.Labels;
import dev.keel.core.content.Part;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * One message of a chat exchange: a role and its parts, each with its labels (see {@link Part}). A message of one
 * text part is what {@link #ChatMessage(ChatRole, String)} and the factories make.
 *
 * <p>{@link #text()} is the message as a backend that takes text receives it: the parts' renderings, separated by
 * a blank line. Immutable and thread-safe.
 *
 * @param role  who speaks
 * @param parts what is said, at least one part
 */
public record ChatMessage(ChatRole role, List<Part> parts) {

    public ChatMessage {
        Objects.requireNonNull(role, "role");
        parts = List.copyOf(Objects.requireNonNull(parts, "parts"));
        if (parts.isEmpty()) {
            throw new InvalidInputException("a chat message needs at least one part");
        }
    }

    /** A message of one text part. */
    public ChatMessage(ChatRole role, String text) {
        this(role, List.of(Part.text(text)));
    }

    public static ChatMessage system(String text) {
        return new ChatMessage(ChatRole.SYSTEM, text);
    }

    public static ChatMessage user(String text) {
        return new ChatMessage(ChatRole.USER, text);
    }

    public static ChatMessage assistant(String text) {
        return new ChatMessage(ChatRole.ASSISTANT, text);
    }

    /**
     * What the model said when it asked for tool calls: its text, when it wrote any, then the calls, as the next
     * request of the exchange must repeat them.
     */
    public static ChatMessage toolCalls(String text, List<Part.ToolCall> calls) {
        List<Part> parts = new ArrayList<>(calls.size() + 1);
        if (!text.isEmpty()) {
            parts.add(Part.text(text));
        }
        parts.addAll(calls);
        return new ChatMessage(ChatRole.ASSISTANT, parts);
    }

    /** A tool's answer to one call of the model: a {@link ChatRole#TOOL} message of {@code result}. */
    public static ChatMessage toolResult(Part.ToolResult result) {
        return new ChatMessage(ChatRole.TOOL, List.of(result));
    }

    /** A message of {@code parts}. */
    public static ChatMessage of(ChatRole role, Part... parts) {
        return new ChatMessage(role, List.of(parts));
    }

    /** The message as text: each part rendered, separated by a blank line. */
    public String text() {
        if (parts.size() == 1) {
            return parts.get(0).rendered();
        }
        StringBuilder text = new StringBuilder();
        for (Part part : parts) {
            if (text.length() > 0) {
                text.append("\n\n");
            }
            text.append(part.rendered());
        }
        return text.toString();
    }

    /** The labels of the message: those of all its parts joined. */
    public Labels labels() {
        return Labels.joinAll(parts.stream().map(Part::labels).toList());
    }

    /** This message with each part replaced by what {@code change} makes of it. */
    public ChatMessage mapParts(UnaryOperator<Part> change) {
        List<Part> changed = new ArrayList<>(parts.size());
        for (Part part : parts) {
            changed.add(Objects.requireNonNull(change.apply(part), "changed part"));
        }
        return new ChatMessage(role, changed);
    }
}
