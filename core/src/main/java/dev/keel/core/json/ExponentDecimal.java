package dev.keel.core.json;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * A number the codec read that was written with an exponent ({@code 80e-2}, {@code 1E+5}): a {@link BigDecimal} equal
 * in value, scale, {@code equals}, {@code hashCode} and {@code toString} to the plain one, that also keeps the text it
 * was written as, so that a caller who must judge a number as written can tell it from {@code 0.80}
 * ({@link JsonNumbers#writtenWithExponent}). Immutable and thread-safe.
 */
final class ExponentDecimal extends BigDecimal {

    private static final long serialVersionUID = 1L;

    /** As written, at most the codec's number length limit plus sign, point and exponent marker. */
    private final String text;

    ExponentDecimal(BigInteger unscaled, int scale, String text) {
        super(unscaled, scale);
        this.text = text;
    }

    /** The number as written in the document. */
    String text() {
        return text;
    }
}
