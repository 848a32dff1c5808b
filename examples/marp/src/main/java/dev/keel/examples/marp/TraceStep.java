package dev.keel.examples.marp;

import java.util.Map;
import java.util.Objects;

/**
 * What one step of the pipeline decided, for {@code --trace}: the step's name, a one-line summary and the
 * details as a JSON-shaped map. Immutable and thread-safe.
 */
public record TraceStep(String step, String summary, Map<String, Object> details) {

    public TraceStep {
        Objects.requireNonNull(step, "step");
        Objects.requireNonNull(summary, "summary");
        details = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(details));
    }
}
