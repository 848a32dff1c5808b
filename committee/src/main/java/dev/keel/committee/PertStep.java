package dev.keel.committee;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One step of an estimate: its optimistic, most likely and pessimistic durations ({@code 0 <= o <= m <= p}) and the
 * expected one, {@code e = (o + 4m + p) / 6}, computed by {@link PertEstimate}. Immutable, pure and thread-safe.
 */
public record PertStep(String step, BigDecimal o, BigDecimal m, BigDecimal p, BigDecimal e) {

    public PertStep {
        Objects.requireNonNull(step, "step");
        Objects.requireNonNull(o, "o");
        Objects.requireNonNull(m, "m");
        Objects.requireNonNull(p, "p");
        Objects.requireNonNull(e, "e");
    }

    /** {@code {"step", "o", "m", "p", "e"}}. */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("step", step);
        wire.put("o", o);
        wire.put("m", m);
        wire.put("p", p);
        wire.put("e", e);
        return wire;
    }
}
