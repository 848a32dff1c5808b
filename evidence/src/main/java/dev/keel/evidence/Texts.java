package dev.keel.evidence;

import dev.keel.core.Cancellation;
import dev.keel.core.text.JsText;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** The reference's text helpers on values that are already strings. Pure; thread-safe. */
final class Texts {

    private Texts() {
    }

    /** {@code toNonEmptyString}: JavaScript {@code trim}; null when nothing is left. */
    static @Nullable String nonEmpty(@Nullable String value) {
        if (value == null) {
            return null;
        }
        String text = JsText.trim(value);
        return text.isEmpty() ? null : text;
    }

    /** {@code toStringList}: each item trimmed, empty ones dropped, duplicates dropped keeping the first. */
    static List<String> nonEmptyDistinct(List<String> values) {
        if (values.isEmpty()) {
            return List.of();
        }
        List<String> result = new ArrayList<>(values.size());
        for (String value : values) {
            Cancellation.checkpoint();
            String text = nonEmpty(value);
            // Array.prototype.includes: lists are short, and a linear scan keeps the first-seen order cheaply.
            if (text != null && !result.contains(text)) {
                result.add(text);
            }
        }
        return Collections.unmodifiableList(result);
    }
}
