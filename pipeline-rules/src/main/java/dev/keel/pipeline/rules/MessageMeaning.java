package dev.keel.pipeline.rules;

import dev.keel.core.spi.Embedding;
import java.util.Map;

/**
 * The message's embedding, computed once per turn, and its similarity to every move of the rule book. Immutable and
 * thread-safe.
 */
record MessageMeaning(Embedding embedding, Map<String, Double> similarities) {

    MessageMeaning {
        similarities = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(similarities));
    }
}
