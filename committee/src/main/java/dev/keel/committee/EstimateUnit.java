package dev.keel.committee;

import java.util.Locale;

/** The unit of an execution-time estimate; one per estimate. Immutable and thread-safe. */
public enum EstimateUnit {
    MINUTES,
    HOURS;

    /** {@code minutes} or {@code hours}. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
