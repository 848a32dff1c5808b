package dev.keel.policy;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A passage with its relevance score from a {@link KnowledgeRanker}; higher is more relevant. Scores compare
 * only within one ranking. Immutable and thread-safe.
 *
 * @param passage the passage
 * @param score   its relevance
 */
public record RankedPassage(KnowledgePassage passage, double score) {

    public RankedPassage {
        Objects.requireNonNull(passage, "passage");
    }

    /** {@code {"source", "section", "text"}}: the rationale as it goes into a governance bundle. */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("source", passage.source());
        wire.put("section", passage.section());
        wire.put("text", passage.text());
        return wire;
    }
}
