package dev.keel.committee;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
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

    /**
     * The sums of {@code steps}' values.
     *
     * @throws dev.keel.core.InvalidInputException when a sum cannot be written in plain digits within a JSON
     *         reader's limits
     */
    static PertTotal sum(List<PertStep> steps) {
        BigDecimal o = BigDecimal.ZERO;
        BigDecimal m = BigDecimal.ZERO;
        BigDecimal p = BigDecimal.ZERO;
        BigDecimal e = BigDecimal.ZERO;
        for (PertStep step : steps) {
            o = o.add(step.o());
            m = m.add(step.m());
            p = p.add(step.p());
            e = e.add(step.e());
        }
        return new PertTotal(total(o, "o"), total(m, "m"), total(p, "p"), total(e, "e"));
    }

    private static BigDecimal total(BigDecimal sum, String name) {
        return Decimals.plain(Decimals.requireWritable(sum, "the total of " + name));
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
