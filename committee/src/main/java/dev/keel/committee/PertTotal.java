package dev.keel.committee;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/** The totals of an estimate: the sums of its steps' O, M, P and E. Immutable, pure and thread-safe. */
public record PertTotal(BigDecimal o, BigDecimal m, BigDecimal p, BigDecimal e) {

    public PertTotal {
        Objects.requireNonNull(o, "o");
        Objects.requireNonNull(m, "m");
        Objects.requireNonNull(p, "p");
        Objects.requireNonNull(e, "e");
    }

    /** {@code {"o", "m", "p", "e"}}. */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("o", o);
        wire.put("m", m);
        wire.put("p", p);
        wire.put("e", e);
        return wire;
    }
}
