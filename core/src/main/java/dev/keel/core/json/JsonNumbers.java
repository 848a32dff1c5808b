package dev.keel.core.json;

import java.math.BigDecimal;
import java.math.BigInteger;
import org.jspecify.annotations.Nullable;

/**
 * Numbers of plain-value JSON trees: their exact value, whether they were written with an exponent, and a short
 * rendering for messages. Pure and thread-safe.
 *
 * <p>The codec reads every number as an exact {@link BigDecimal}, so {@code 0.80} and {@code 80e-2} are equal values
 * of scale 2. Where a rule is about the number <em>as written</em> (a score "written with two decimal places"),
 * {@link #writtenWithExponent(Object)} tells the two apart: the codec marks each number it read from text with an
 * exponent. The mark survives as long as the parsed value is passed on as it is (not when it is rebuilt by
 * arithmetic, copied with {@code new BigDecimal(...)} or written and read back).
 */
public final class JsonNumbers {

    /** Longest rendering {@link #asWritten} gives. */
    public static final int MAX_RENDERED_LENGTH = 40;

    /** Scales in this range are rendered without an exponent, as the codec would read them from plain digits. */
    private static final int PLAIN_SCALE_MAX = 30;

    private JsonNumbers() {
    }

    /**
     * Whether {@code value} is a number the codec read from text written with an exponent ({@code 80e-2},
     * {@code 1E+5}); false for anything else, including numbers built in code.
     */
    public static boolean writtenWithExponent(Object value) {
        return value instanceof ExponentDecimal;
    }

    /**
     * {@code number} as an exact {@link BigDecimal}: a {@code BigDecimal} as it is, integral types exactly, doubles
     * and floats through their shortest decimal text; null for NaN, infinities and {@link Number} types it does not
     * know.
     */
    public static @Nullable BigDecimal decimal(Number number) {
        if (number instanceof BigDecimal) {
            return (BigDecimal) number;
        }
        if (number instanceof Integer || number instanceof Long || number instanceof Short || number instanceof Byte) {
            return BigDecimal.valueOf(number.longValue());
        }
        if (number instanceof BigInteger) {
            return new BigDecimal((BigInteger) number);
        }
        if (number instanceof Double || number instanceof Float) {
            return Double.isFinite(number.doubleValue()) ? new BigDecimal(number.toString()) : null;
        }
        return null;
    }

    /**
     * A short rendering of {@code number} for a message, never longer than {@value #MAX_RENDERED_LENGTH} characters
     * and never expanded: the text it was written with when the codec read it with an exponent; plain digits for a
     * decimal of moderate scale ({@code 0.80}, {@code -12}); otherwise {@link BigDecimal#toString()}'s scientific form
     * ({@code -1E+2000000000}). A longer rendering keeps its start and its end around {@code "..."}.
     */
    public static String asWritten(Number number) {
        String text;
        if (number instanceof ExponentDecimal) {
            text = ((ExponentDecimal) number).text();
        } else if (number instanceof BigDecimal) {
            BigDecimal decimal = (BigDecimal) number;
            boolean moderate = decimal.scale() >= 0 && decimal.scale() <= PLAIN_SCALE_MAX
                    && decimal.precision() <= 2 * PLAIN_SCALE_MAX;
            text = moderate ? decimal.toPlainString() : decimal.toString();
        } else {
            text = String.valueOf(number);
        }
        return shorten(text);
    }

    /** {@code text} cut to {@value #MAX_RENDERED_LENGTH} characters, keeping its start and end (an exponent). */
    static String shorten(String text) {
        if (text.length() <= MAX_RENDERED_LENGTH) {
            return text;
        }
        int tail = 12;
        return text.substring(0, MAX_RENDERED_LENGTH - tail - 3) + "..." + text.substring(text.length() - tail);
    }
}
