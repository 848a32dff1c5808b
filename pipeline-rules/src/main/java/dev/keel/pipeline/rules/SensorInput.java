package dev.keel.pipeline.rules;

import dev.keel.rules.RuleBook;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What a {@link Sensor} reads a message with: the message, the rule book (its intents and declared entities) and
 * the message's similarity to every transition and entry point, computed once per turn from its embedding. Immutable
 * and thread-safe.
 *
 * @param message      the user's message
 * @param book         the application's rule book
 * @param similarities the highest similarity of the message to each move's examples, by move id, in book order
 */
public record SensorInput(String message, RuleBook book, Map<String, Double> similarities) {

    public SensorInput {
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(book, "book");
        similarities = Collections.unmodifiableMap(new LinkedHashMap<>(similarities));
    }
}
