package dev.keel.evidence.loader;

import dev.keel.core.InvalidContractException;
import java.math.BigDecimal;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One column of a CSV table: its header name and what its values must be. Values are read strictly: text must not
 * be blank; whole numbers and decimals are written plainly in ASCII digits ({@code 12}, {@code 0.80}), with a
 * leading {@code -} only where the column admits negative values, never {@code +}, an exponent, grouping or digits
 * of other scripts; decimals keep their scale. Immutable and thread-safe.
 *
 * @param name the header name
 * @param type what the values are
 * @param min  the smallest value admitted (numbers only), or null for no bound
 * @param max  the largest value admitted (numbers only), or null for no bound
 */
public record CsvColumn(String name, Type type, @Nullable BigDecimal min, @Nullable BigDecimal max) {

    /** What a column's values are. */
    public enum Type {
        /** Any text that is not blank. */
        TEXT,
        /** A whole number. */
        WHOLE_NUMBER,
        /** A decimal number, exact. */
        DECIMAL
    }

    /** @throws InvalidContractException when a text column has bounds, or {@code min} is above {@code max} */
    public CsvColumn {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        if (type == Type.TEXT && (min != null || max != null)) {
            throw new InvalidContractException("a text column has no bounds");
        }
        if (min != null && max != null && min.compareTo(max) > 0) {
            throw new InvalidContractException("column " + name + ": min " + min + " is above max " + max);
        }
    }

    /** A column of non-blank text. */
    public static CsvColumn text(String name) {
        return new CsvColumn(name, Type.TEXT, null, null);
    }

    /** A column of whole numbers from {@code min} to {@code max} (inclusive). */
    public static CsvColumn wholeNumber(String name, long min, long max) {
        return new CsvColumn(name, Type.WHOLE_NUMBER, BigDecimal.valueOf(min), BigDecimal.valueOf(max));
    }

    /** A column of whole numbers of at least {@code min}; at most 18 digits, so that every value fits a long. */
    public static CsvColumn wholeNumber(String name, long min) {
        return new CsvColumn(name, Type.WHOLE_NUMBER, BigDecimal.valueOf(min), null);
    }

    /** A column of decimals from {@code min} (inclusive) up, or up to {@code max} (inclusive) when it is not null. */
    public static CsvColumn decimal(String name, BigDecimal min, BigDecimal max) {
        return new CsvColumn(name, Type.DECIMAL, min, max);
    }

    boolean admitsNegative() {
        return min == null || min.signum() < 0;
    }

    /** What a value must be, for messages: {@code "a whole number from 1 to 52"}. */
    String expectation() {
        String kind = type == Type.WHOLE_NUMBER ? "a whole number" : "a decimal number";
        if (min != null && max != null) {
            return kind + " from " + min.toPlainString() + " to " + max.toPlainString();
        }
        if (min != null) {
            return min.signum() == 0 ? "a non-negative " + kind.substring(2) : kind + " of at least " + min.toPlainString();
        }
        return max != null ? kind + " of at most " + max.toPlainString() : kind;
    }
}
