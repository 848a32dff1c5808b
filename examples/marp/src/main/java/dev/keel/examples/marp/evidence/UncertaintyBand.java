package dev.keel.examples.marp.evidence;

import dev.keel.core.evidence.Locator;
import java.util.Objects;

/** How uncertain a calendar's capability projection is: a range and what it means. Immutable and thread-safe. */
public record UncertaintyBand(ValueRange range, String description, Locator locator) {

    public UncertaintyBand {
        Objects.requireNonNull(range, "range");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(locator, "locator");
    }
}
