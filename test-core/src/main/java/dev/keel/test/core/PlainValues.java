package dev.keel.test.core;

import java.util.Map;
import org.jspecify.annotations.Nullable;

/** Searches plain JSON values (maps, lists, strings, numbers) for text, as assertions on records need. Stateless. */
final class PlainValues {

    private PlainValues() {
    }

    /** The first string, key or number in {@code value} that contains {@code text}, or null when none does. */
    static @Nullable String findContaining(@Nullable Object value, String text) {
        if (value == null) {
            return null;
        }
        if (value instanceof Map) {
            for (Map.Entry<?, ?> entry : ((Map<?, ?>) value).entrySet()) {
                String found = findContaining(entry.getKey(), text);
                if (found == null) {
                    found = findContaining(entry.getValue(), text);
                }
                if (found != null) {
                    return found;
                }
            }
            return null;
        }
        if (value instanceof Iterable) {
            for (Object item : (Iterable<?>) value) {
                String found = findContaining(item, text);
                if (found != null) {
                    return found;
                }
            }
            return null;
        }
        String string = value.toString();
        return string.contains(text) ? string : null;
    }
}
