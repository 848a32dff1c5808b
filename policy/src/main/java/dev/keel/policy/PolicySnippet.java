package dev.keel.policy;

import dev.keel.core.InvalidInputException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A piece of the policy document a decision rested on: the key policy snippets of the
 * governance bundle. The value is exactly what the document holds at the pointer.
 *
 * <p>Immutable and thread-safe.
 *
 * @param pointer the JSON pointer into the policy document, for example {@code /roles/planner/allowed_domains}
 * @param value   the value there, as a plain JSON value: a {@link String} or an unmodifiable {@link List} of them
 */
public record PolicySnippet(String pointer, Object value) {

    public PolicySnippet {
        Objects.requireNonNull(pointer, "pointer");
        Objects.requireNonNull(value, "value");
        if (value instanceof List) {
            value = List.copyOf((List<?>) value);
        } else if (!(value instanceof String)) {
            throw new InvalidInputException("invalid_policy_snippet",
                    "a policy snippet value is a string or a list of strings, not " + value.getClass().getName());
        }
    }

    /** {@code {"pointer": ..., "value": ...}}, insertion-ordered. */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("pointer", pointer);
        wire.put("value", value);
        return wire;
    }
}
