package dev.keel.rules;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A candidate's score after stickiness: its score, plus the boost when it belongs to the current scenario. Immutable
 * and thread-safe.
 *
 * @param id        the candidate's id
 * @param effective the effective score, exact
 */
public record EffectiveScore(String id, BigDecimal effective) {

    public EffectiveScore {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(effective, "effective");
    }

    /** {@code {"id", "effective"}}. */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("id", id);
        wire.put("effective", effective);
        return wire;
    }
}
