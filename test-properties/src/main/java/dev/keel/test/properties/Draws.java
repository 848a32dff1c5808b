package dev.keel.test.properties;

import java.math.BigInteger;

/** Number draws shared by the generators: each maps smaller choices to values nearer zero. */
final class Draws {

    private static final int CHUNK_BITS = 62;

    private Draws() {
    }

    /** Refuses an empty range. */
    static void checkRange(long min, long max) {
        if (min > max) {
            throw new IllegalArgumentException("min " + min + " is above max " + max);
        }
    }

    /** A long from {@code min} to {@code max}, zero (or the bound nearest it) the simplest. */
    static long towardsZero(Choices choices, long min, long max) {
        if (min >= 0) {
            return min + choices.next(max - min);
        }
        if (max <= 0) {
            return max - choices.next(saturatedSpan(min, max));
        }
        return choices.nextBoolean(0.5) ? -1 - choices.next(-(min + 1)) : choices.next(max);
    }

    /** A big integer from {@code min} to {@code max}, zero (or the bound nearest it) the simplest. */
    static BigInteger towardsZero(Choices choices, BigInteger min, BigInteger max) {
        if (min.signum() >= 0) {
            return min.add(magnitude(choices, max.subtract(min)));
        }
        if (max.signum() <= 0) {
            return max.subtract(magnitude(choices, max.subtract(min)));
        }
        return choices.nextBoolean(0.5)
                ? magnitude(choices, min.negate().subtract(BigInteger.ONE)).add(BigInteger.ONE).negate()
                : magnitude(choices, max);
    }

    /**
     * The chance of one more element when {@code span} more are allowed, drawn once per list or string: mostly
     * about ten elements past the minimum, and one time in eight about half the span, so that limits on length are
     * reached too. Shrinking moves the draw to the short mode.
     */
    static double continuation(Choices choices, int span) {
        double mean = choices.next(7) == 7 ? Math.max(Math.min(span, 10), span / 2.0) : Math.min(span, 10);
        return mean / (mean + 1);
    }

    /** What a generator throws to discard the case it is drawing: the runner counts it and draws another. */
    static RuntimeException discard() {
        return new Discarded();
    }

    /**
     * A big integer from 0 to {@code bound}, drawn in 62-bit chunks from the least significant, so that a shorter
     * sequence of choices (the missing ones replayed as 0) is a smaller number.
     */
    private static BigInteger magnitude(Choices choices, BigInteger bound) {
        int chunks = Math.max(1, (bound.bitLength() + CHUNK_BITS - 1) / CHUNK_BITS);
        BigInteger value = BigInteger.ZERO;
        for (int i = 0; i < chunks; i++) {
            long chunkBound = bound.shiftRight(i * CHUNK_BITS).min(BigInteger.valueOf((1L << CHUNK_BITS) - 1))
                    .longValueExact();
            value = value.add(BigInteger.valueOf(choices.next(chunkBound)).shiftLeft(i * CHUNK_BITS));
        }
        return value.min(bound);
    }

    private static long saturatedSpan(long min, long max) {
        long span = max - min;
        return span < 0 ? Long.MAX_VALUE : span;
    }

    /** A discarded case: not a failure. */
    static final class Discarded extends RuntimeException {

        private static final long serialVersionUID = 1L;

        Discarded() {
            super("case discarded", null, false, false);
        }
    }
}
