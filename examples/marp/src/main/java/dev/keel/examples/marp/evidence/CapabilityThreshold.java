package dev.keel.examples.marp.evidence;

import dev.keel.core.evidence.Locator;
import java.math.BigDecimal;
import java.util.Objects;

/**
 * A capability threshold the fleet must keep during a transition (for example a minimum capability index).
 * Immutable and thread-safe.
 */
public record CapabilityThreshold(String id, String metric, BigDecimal minimum, String unit, String description,
        Locator locator) {

    public CapabilityThreshold {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(metric, "metric");
        Objects.requireNonNull(minimum, "minimum");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(locator, "locator");
    }
}
