package dev.keel.committee;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The agents by status, each list in the order the agents were given: the {@code invalidation} block of a reply's
 * meta. Immutable, pure and thread-safe.
 */
public record Invalidation(List<String> discarded, List<String> quarantined, List<String> valid) {

    public Invalidation {
        discarded = List.copyOf(discarded);
        quarantined = List.copyOf(quarantined);
        valid = List.copyOf(valid);
    }

    /** No agent at all. */
    public static Invalidation none() {
        return new Invalidation(List.of(), List.of(), List.of());
    }

    /** {@code {"discarded", "quarantined", "valid"}}. */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("discarded", discarded);
        wire.put("quarantined", quarantined);
        wire.put("valid", valid);
        return wire;
    }
}
