package dev.keel.stage;

import dev.keel.core.json.JsonCodec;
import dev.keel.core.json.JsonNumbers;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** Small functions over plain-value JSON trees. Pure; thread-safe. */
final class JsonValues {

    private JsonValues() {
    }

    /** A value quoted for a message, cut to a readable length. */
    static String quote(@Nullable Object value) {
        String text;
        if (value instanceof String) {
            text = "\"" + value + "\"";
        } else if (value instanceof Number) {
            text = JsonNumbers.asWritten((Number) value);
        } else if (value == null || value instanceof Boolean) {
            text = String.valueOf(value);
        } else {
            return JsonCodec.describe(value);
        }
        return text.length() <= 80 ? text : text.substring(0, 77) + "...";
    }

    /**
     * A deep, unmodifiable copy of a plain-value tree (maps keep their order); values that are not JSON values
     * are kept as they are.
     */
    static @Nullable Object freeze(@Nullable Object value) {
        if (value instanceof Map) {
            Map<?, ?> map = (Map<?, ?>) value;
            LinkedHashMap<String, Object> copy = new LinkedHashMap<>(Math.max(4, map.size() * 2));
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                copy.put(String.valueOf(entry.getKey()), freeze(entry.getValue()));
            }
            return Collections.unmodifiableMap(copy);
        }
        if (value instanceof List) {
            List<?> list = (List<?>) value;
            List<Object> copy = new ArrayList<>(list.size());
            for (Object item : list) {
                copy.add(freeze(item));
            }
            return Collections.unmodifiableList(copy);
        }
        return value;
    }
}
