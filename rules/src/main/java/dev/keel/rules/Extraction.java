package dev.keel.rules;

import java.util.Locale;
import java.util.Objects;

/**
 * How an enforcement expression's variable is read from the answer: a regular expression in RE2 syntax with exactly
 * one capturing group, each match yielding one value ({@code docs/rules.md}). Immutable and thread-safe.
 *
 * @param pattern the pattern; its one group captures the value
 * @param type    what the value is
 */
public record Extraction(String pattern, Type type) {

    /** What an extracted value is. */
    public enum Type {
        /** A number: commas are removed; digits only give a CEL {@code int}, any other number a {@code double}. */
        NUMBER;

        /** The lower-case wire name, {@code number}. */
        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public Extraction {
        Objects.requireNonNull(pattern, "pattern");
        Objects.requireNonNull(type, "type");
    }

    /** A number read by {@code pattern}. */
    public static Extraction number(String pattern) {
        return new Extraction(pattern, Type.NUMBER);
    }
}
