package dev.keel.committee;

import dev.keel.core.InvalidInputException;
import dev.keel.core.json.JsonLimits;
import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * The committee's arithmetic on exact decimals: sums and differences are exact; a quotient that does not end within
 * {@value #SCALE} decimal places is rounded half-even to that many (see {@code docs/committee.md}). Results are
 * written without trailing zeros and never in exponent form, so a result is refused where its digits would not read
 * back within the strict codec's default limits ({@link #requireWritable}). Pure and thread-safe.
 */
final class Decimals {

    /** Decimal places a quotient keeps when it does not end sooner. */
    static final int SCALE = 10;

    private Decimals() {
    }

    static BigDecimal divide(BigDecimal dividend, BigDecimal divisor) {
        return plain(dividend.divide(divisor, SCALE, RoundingMode.HALF_EVEN));
    }

    /** The same number without trailing zeros, at scale 0 or more (so {@code 100} is not written {@code 1E+2}). */
    static BigDecimal plain(BigDecimal value) {
        BigDecimal stripped = value.stripTrailingZeros();
        return stripped.scale() < 0 ? stripped.setScale(0) : stripped;
    }

    /**
     * {@code value}, when written in plain digits it reads back within the strict codec's default limits (at most
     * {@code maxNumberLength} digits, a scale within {@code maxNumberScale}); an estimate of {@code 1e999} would
     * otherwise be written as a thousand digits that no reader of the answer accepts.
     *
     * @param what the value, for the message ({@code "its e"})
     * @throws InvalidInputException naming {@code what} when it cannot be written so
     */
    static BigDecimal requireWritable(BigDecimal value, String what) {
        // Counted, not written out: the plain form of 1E+999 would be the thousand digits this refuses.
        BigDecimal stripped = value.stripTrailingZeros();
        long scale = Math.max(0, stripped.scale());
        long digits = Math.max(1, stripped.precision() - (long) stripped.scale()) + scale;
        if (digits > JsonLimits.DEFAULTS.maxNumberLength() || scale > JsonLimits.DEFAULTS.maxNumberScale()) {
            throw new InvalidInputException(what + " would be written with " + digits + " digits, more than the "
                    + JsonLimits.DEFAULTS.maxNumberLength() + " a JSON number may have");
        }
        return value;
    }

    static BigDecimal clamp01(BigDecimal value) {
        if (value.signum() < 0) {
            return BigDecimal.ZERO;
        }
        return value.compareTo(BigDecimal.ONE) > 0 ? BigDecimal.ONE : value;
    }
}
