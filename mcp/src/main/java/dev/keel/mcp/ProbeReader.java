package dev.keel.mcp;

import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * How many rows a probe's tool returned and how many matched what the turn asks, read from the tool's result (a
 * plain JSON value): the evidence gate decides on these counts. A host gives one per primitive when its tool reports
 * rows its own way. Implementations must be pure and thread-safe.
 */
@FunctionalInterface
public interface ProbeReader {

    /** The counts of {@code result}; never null. */
    Rows read(@Nullable Object result);

    /**
     * The protocol's own fields: an object's numbers {@code rows_received} and {@code rows_matched} (a missing one
     * is 0); an array counts its items, each one received and matched; anything else counts no row.
     */
    static ProbeReader counts() {
        return result -> {
            if (result instanceof Map<?, ?> object) {
                return new Rows(number(object.get("rows_received")), number(object.get("rows_matched")));
            }
            if (result instanceof List<?> items) {
                return new Rows(items.size(), items.size());
            }
            return Rows.NONE;
        };
    }

    private static double number(@Nullable Object value) {
        return value instanceof Number n ? n.doubleValue() : 0;
    }

    /**
     * Row counts, as the evidence gate's probe results keep them (JavaScript numbers: only finite positive counts
     * count). Immutable and thread-safe.
     *
     * @param received the rows the tool returned
     * @param matched  the rows that matched what the turn asks
     */
    record Rows(double received, double matched) {

        /** No row. */
        public static final Rows NONE = new Rows(0, 0);
    }
}
