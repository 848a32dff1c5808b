package dev.keel.pipeline.rules;

import dev.keel.pipeline.Turn;
import java.math.BigDecimal;

/**
 * The unified sensor ({@code docs/rules.md}): one pass over the message that gives the detected intent, the
 * entities and the ambiguity together. Two ship: {@link #embedded} (in-process similarity to the scenarios'
 * example utterances, the entities' declared patterns; no model) and {@link #model} (one model call returning
 * strict JSON, validated as a stage contract with a bounded re-ask).
 *
 * <p>Implementations must be thread-safe and reach models only through {@link Turn#backends()}.
 */
@FunctionalInterface
public interface Sensor {

    /** Reads the message. A sensor that cannot tell says so with a high ambiguity score, not an exception. */
    SensorReading read(Turn turn, SensorInput input);

    /**
     * The embedded sensor: the detected intent is the move whose examples are most similar to the message; the
     * ambiguity is the larger of {@code 1 - top similarity} and, when the two best scenarios are within
     * {@code closeMargin} of each other, {@code 1 - margin / closeMargin}; entities are read by their declared
     * patterns.
     *
     * @param closeMargin a margin between the two best scenarios below which the message is ambiguous, in (0, 1]
     */
    static Sensor embedded(BigDecimal closeMargin) {
        return new EmbeddedSensor(closeMargin);
    }

    /** {@link #embedded(BigDecimal)} with a close margin of 0.05. */
    static Sensor embedded() {
        return embedded(new BigDecimal("0.05"));
    }

    /**
     * The model sensor: one call to backend {@code target} that must return {@code {"detected_intent", "entities",
     * "ambiguity_score", "ambiguity_reason"}} with the stage envelope, re-asked at most {@code maxReasks} times
     * when it breaks the contract; a reply still broken counts as fully ambiguous.
     */
    static Sensor model(String target, int maxReasks) {
        return new ModelSensor(target, maxReasks);
    }

    /** {@link #model(String, int)} with one re-ask. */
    static Sensor model(String target) {
        return model(target, 1);
    }
}
