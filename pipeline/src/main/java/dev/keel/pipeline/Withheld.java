package dev.keel.pipeline;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One piece the outbound filter withheld from an answer: its kind, where it was in the composed text, and what
 * stands in its place. Never the withheld text itself. Immutable and thread-safe.
 *
 * @param kind        what was withheld: a figure kind ({@code number}, {@code date}, {@code percentage}, ...),
 *                    a restriction's id, or {@code denied}
 * @param start       the UTF-16 offset in the composed text where it started
 * @param end         the offset just past it
 * @param replacement what stands in its place in the answer
 */
public record Withheld(String kind, int start, int end, String replacement) {

    public Withheld {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(replacement, "replacement");
    }

    /** How many pieces of each kind {@code withheld} holds, kinds sorted. */
    public static Map<String, Integer> counts(List<Withheld> withheld) {
        Map<String, Integer> counts = new TreeMap<>();
        withheld.forEach(item -> counts.merge(item.kind(), 1, Integer::sum));
        return counts;
    }

    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("kind", kind);
        wire.put("start", start);
        wire.put("end", end);
        wire.put("replacement", replacement);
        return wire;
    }
}
