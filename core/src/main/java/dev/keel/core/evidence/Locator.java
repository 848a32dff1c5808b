package dev.keel.core.evidence;

import dev.keel.core.json.JsonPointers;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Where a piece of evidence sits in its source, so that any number in an answer can be traced back: a JSON file and a
 * JSON pointer ({@code regulated_knowledge.json#/plans/0/capacity_range/min}), or a CSV file, the line the
 * record starts on and optionally a column ({@code governed_data.csv#line=9&column=bed_occupancy}).
 *
 * <p>Immutable and thread-safe.
 *
 * @param source  the source name (a file name)
 * @param pointer the JSON pointer, or null for a CSV locator
 * @param line    the 1-based line of the CSV record (the header is line 1), or 0 for a JSON locator
 * @param column  the CSV column, or null
 */
public record Locator(String source, @Nullable String pointer, long line, @Nullable String column) {

    public Locator {
        Objects.requireNonNull(source, "source");
    }

    /** A JSON value: {@code pointer} is an RFC 6901 JSON pointer ("" for the whole document). */
    public static Locator json(String source, String pointer) {
        return new Locator(source, Objects.requireNonNull(pointer, "pointer"), 0, null);
    }

    /** A CSV record starting on {@code line}. */
    public static Locator csv(String source, long line) {
        return new Locator(source, null, line, null);
    }

    /** The member {@code name} of this JSON value, or the column {@code name} of this CSV record. */
    public Locator child(String name) {
        if (pointer != null) {
            return json(source, JsonPointers.child(pointer, name));
        }
        return new Locator(source, null, line, name);
    }

    /** The item {@code index} of this JSON array. */
    public Locator item(int index) {
        return child(Integer.toString(index));
    }

    /** {@code source#/pointer} or {@code source#line=N[&column=C]}. */
    @Override
    public String toString() {
        if (pointer != null) {
            return source + "#" + pointer;
        }
        return source + "#line=" + line + (column == null ? "" : "&column=" + column);
    }
}
