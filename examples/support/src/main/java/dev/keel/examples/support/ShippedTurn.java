package dev.keel.examples.support;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One turn of the shipped conversation: what the customer says, what the turn shows, and the model replies recorded
 * for it, by request purpose ({@code rules_generation}, {@code rules_judge}), in the order they were asked for.
 * Immutable and thread-safe.
 *
 * @param message the customer's message
 * @param shows   what the turn demonstrates, for the demo's output
 * @param replies the recorded replies by purpose
 */
public record ShippedTurn(String message, String shows, Map<String, List<String>> replies) {

    public ShippedTurn {
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(shows, "shows");
        Map<String, List<String>> copy = new LinkedHashMap<>();
        replies.forEach((purpose, texts) -> copy.put(purpose, List.copyOf(texts)));
        replies = java.util.Collections.unmodifiableMap(copy);
    }
}
