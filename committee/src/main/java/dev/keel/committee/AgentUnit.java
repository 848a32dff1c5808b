package dev.keel.committee;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One citable unit of an agent's output: {@code {"id", "topic", "text", "tags"}}. The synthesis cites it as
 * {@code agent:id} ({@link #reference}). Immutable, pure and thread-safe.
 */
public record AgentUnit(String id, String topic, String text, List<String> tags) {

    public AgentUnit {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(topic, "topic");
        Objects.requireNonNull(text, "text");
        tags = List.copyOf(tags);
    }

    /** How a synthesis cites unit {@code id} of {@code agent}: {@code agent:id}. */
    public static String reference(String agent, String id) {
        return agent + ":" + id;
    }

    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("id", id);
        wire.put("topic", topic);
        wire.put("text", text);
        wire.put("tags", tags);
        return wire;
    }
}
