package dev.keel.committee;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * The committee's arithmetic on exact decimals: sums and differences are exact; a quotient that does not end within
 * {@value #SCALE} decimal places is rounded half-even to that many (see {@code docs/committee.md}). Results are
 * written without trailing zeros and never in exponent form. Pure and thread-safe.
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

    static BigDecimal clamp01(BigDecimal value) {
        if (value.signum() < 0) {
            return BigDecimal.ZERO;
        }
        return value.compareTo(BigDecimal.ONE) > 0 ? BigDecimal.ONE : value;
    }
}
