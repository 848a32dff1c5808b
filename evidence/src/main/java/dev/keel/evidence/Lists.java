package dev.keel.evidence;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/** Small list helpers shared by the value types of this package. Pure; thread-safe. */
final class Lists {

    private Lists() {
    }

    /** An unmodifiable copy without the null items (the reference drops null list items). */
    static <T> List<T> withoutNulls(List<? extends T> items) {
        if (items == null || items.isEmpty()) {
            return List.of();
        }
        List<T> copy = new ArrayList<>(items.size());
        for (T item : items) {
            if (item != null) {
                copy.add(item);
            }
        }
        return Collections.unmodifiableList(copy);
    }

    /** An unmodifiable copy; the caller guarantees there is no null item. */
    static <T> List<T> copyOf(List<? extends T> items) {
        items.forEach(Objects::requireNonNull);
        return List.copyOf(items);
    }
}
