package dev.keel.examples.marp.evidence;

import dev.keel.core.InvalidInputException;
import dev.keel.core.evidence.Locator;
import java.math.BigDecimal;
import java.util.Objects;

/**
 * A closed range of a metric in regulated knowledge, such as a calendar's capability range. Immutable and
 * thread-safe.
 */
public record ValueRange(BigDecimal min, BigDecimal max, String unit, Locator locator) {

    public ValueRange {
        Objects.requireNonNull(min, "min");
        Objects.requireNonNull(max, "max");
        Objects.requireNonNull(locator, "locator");
        if (min.compareTo(max) > 0) {
            throw new InvalidInputException(locator + ": min " + min.toPlainString() + " is above max " + max.toPlainString());
        }
    }

    public boolean contains(BigDecimal value) {
        return value.compareTo(min) >= 0 && value.compareTo(max) <= 0;
    }

    @Override
    public String toString() {
        return min.toPlainString() + ".." + max.toPlainString() + (unit == null ? "" : " " + unit);
    }
}
