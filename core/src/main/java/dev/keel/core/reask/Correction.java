package dev.keel.core.reask;

import dev.keel.core.spi.ChatMessage;
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
     * The shared wording, for replies that must be one JSON object: a user message listing each problem as
     * {@code - code at pointer: message} (at most {@value #MAX_LISTED_PROBLEMS}, then how many more) and asking for
     * one JSON object with them corrected.
     */
    static Correction standard() {
        return problems -> {
            StringBuilder text = new StringBuilder("Your reply does not satisfy the output contract:\n");
            problems.stream().limit(MAX_LISTED_PROBLEMS).forEach(p -> text.append("- ").append(p.code()).append(" at ")
                    .append(p.pointer().isEmpty() ? "(the whole output)" : p.pointer()).append(": ")
                    .append(p.message()).append('\n'));
            if (problems.size() > MAX_LISTED_PROBLEMS) {
                text.append("- and ").append(problems.size() - MAX_LISTED_PROBLEMS).append(" more\n");
            }
            return ChatMessage.user(text.append("Reply again with one JSON object only, with these violations corrected.")
                    .toString());
        };
    }
}
