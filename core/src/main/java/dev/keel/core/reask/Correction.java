package dev.keel.core.reask;

import dev.keel.core.content.Part;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRole;
import java.util.ArrayList;
import java.util.List;

/**
 * The message of a re-ask: what tells the model, after its rejected reply, what to fix. Implementations must be pure
 * and thread-safe.
 */
@FunctionalInterface
public interface Correction {

    /** A re-ask lists at most this many problems; the rest are counted. */
    int MAX_LISTED_PROBLEMS = 20;

    /** The message sent after the rejected reply; {@code problems} is never empty. */
    ChatMessage message(List<Problem> problems);

    /**
     * The shared wording, for replies that must be one JSON object: a user message of three text parts, what is
     * wrong, the problems, each as {@code - code at pointer: message} on a line of its own (at most
     * {@value #MAX_LISTED_PROBLEMS}, then how many more), and what to do: one JSON object with them corrected. The
     * problems are a part of their own because their messages may quote the rejected reply: they are never spliced
     * into the instruction's text.
     */
    static Correction standard() {
        return problems -> {
            List<String> lines = new ArrayList<>();
            problems.stream().limit(MAX_LISTED_PROBLEMS).forEach(p -> lines.add("- " + p.code() + " at "
                    + (p.pointer().isEmpty() ? "(the whole output)" : p.pointer()) + ": " + p.message()));
            if (problems.size() > MAX_LISTED_PROBLEMS) {
                lines.add("- and " + (problems.size() - MAX_LISTED_PROBLEMS) + " more");
            }
            return ChatMessage.of(ChatRole.USER, Part.text("Your reply does not satisfy the output contract:"),
                    Part.text(String.join("\n", lines)),
                    Part.text("Reply again with one JSON object only, with these violations corrected."));
        };
    }
}
