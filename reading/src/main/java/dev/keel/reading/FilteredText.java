package dev.keel.reading;

import dev.keel.core.Decision;
import dev.keel.policy.Redaction;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The outcome of the outbound filter: the text that may leave, and what was removed from it.
 *
 * <p>Immutable and thread-safe.
 *
 * @param decision   the decision the text was filtered for
 * @param text       the filtered text; empty under {@code DENY}
 * @param redactions what was removed, in text order; spans never overlap
 */
public record FilteredText(Decision decision, String text, List<Redaction> redactions) {

    public FilteredText {
        Objects.requireNonNull(decision, "decision");
        Objects.requireNonNull(text, "text");
        redactions = List.copyOf(redactions);
    }

    /** True when something was removed. */
    public boolean redacted() {
        return !redactions.isEmpty();
    }

    /** The {@code keel eval filter} result: {@code {"text", "redactions"}}. */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("text", text);
        List<Object> list = new ArrayList<>(redactions.size());
        for (Redaction redaction : redactions) {
            list.add(redaction.toWire());
        }
        wire.put("redactions", list);
        return wire;
    }
}
