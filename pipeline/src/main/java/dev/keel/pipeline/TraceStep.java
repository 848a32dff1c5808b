package dev.keel.pipeline;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What one step of a governed call decided: its name, a one-line summary, and the details as plain JSON values.
 * Only filtered or Keel-made text goes into a trace. Immutable and thread-safe.
 *
 * @param step    the step's name, for example {@code governance}
 * @param summary one line for people
 * @param details plain JSON values by name, in the order they were given
 */
public record TraceStep(String step, String summary, Map<String, Object> details) {

    public TraceStep {
        Objects.requireNonNull(step, "step");
        Objects.requireNonNull(summary, "summary");
        details = Collections.unmodifiableMap(new LinkedHashMap<>(details));
    }

    /** The step as a plain JSON object. */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("step", step);
        wire.put("summary", summary);
        wire.put("details", new LinkedHashMap<>(details));
        return wire;
    }
}
