package dev.keel.pipeline.rules;

import dev.keel.core.InvalidInputException;
import java.math.BigDecimal;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What a {@link Sensor} read from a message, in one pass ({@code docs/rules.md}): where the user wants to go (a
 * transition's or entry point's id), the entities it names, how ambiguous it is, and why. Immutable and thread-safe.
 *
 * @param detectedIntent  the id of the transition or entry point the message asks for, or null
 * @param entities        the declared entities found, by name: strings or exact decimals
 * @param ambiguityScore  from 0 (clear) to 1 (no telling what is meant)
 * @param ambiguityReason why, in a few words
 */
public record SensorReading(@Nullable String detectedIntent, Map<String, Object> entities, BigDecimal ambiguityScore,
                            String ambiguityReason) {

    /** @throws InvalidInputException when the score is outside [0, 1] */
    public SensorReading {
        entities = Collections.unmodifiableMap(new LinkedHashMap<>(entities));
        Objects.requireNonNull(ambiguityScore, "ambiguityScore");
        Objects.requireNonNull(ambiguityReason, "ambiguityReason");
        if (ambiguityScore.signum() < 0 || ambiguityScore.compareTo(BigDecimal.ONE) > 0) {
            throw new InvalidInputException("an ambiguity score lies in [0, 1], found " + ambiguityScore);
        }
    }

    public Optional<String> detectedIntentIfAny() {
        return Optional.ofNullable(detectedIntent);
    }

    /** {@code {"detected_intent", "entities", "ambiguity_score", "ambiguity_reason"}}. */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("detected_intent", detectedIntent);
        wire.put("entities", entities);
        wire.put("ambiguity_score", ambiguityScore);
        wire.put("ambiguity_reason", ambiguityReason);
        return wire;
    }
}
