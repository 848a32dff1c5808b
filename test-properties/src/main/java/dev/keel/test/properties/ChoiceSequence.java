package dev.keel.test.properties;

import java.util.Arrays;
import java.util.Random;
import org.jspecify.annotations.Nullable;

/**
 * The choices of one case: drawn from a random generator, or replayed from an earlier sequence (a choice past its
 * end is 0, a choice over its bound is the bound), and in both cases recorded as consumed, so that the shrinker
 * works on what a case really used.
 */
final class ChoiceSequence implements Choices {

    /** More choices than this in one case overruns it: the case is discarded. */
    static final int MAX_CHOICES = 1 << 17;

    private final @Nullable Random random;
    private final long @Nullable [] replay;
    private long[] consumed = new long[64];
    private int size;

    private ChoiceSequence(@Nullable Random random, long @Nullable [] replay) {
        this.random = random;
        this.replay = replay;
    }

    static ChoiceSequence random(Random random) {
        return new ChoiceSequence(random, null);
    }

    static ChoiceSequence replay(long[] choices) {
        return new ChoiceSequence(null, choices);
    }

    @Override
    public long next(long bound) {
        if (bound < 0) {
            throw new IllegalArgumentException("a choice's bound must be at least 0, was " + bound);
        }
        return record(replay != null ? replayed(bound) : drawn(bound));
    }

    @Override
    @SuppressWarnings("NullAway") // exactly one of random and replay is set
    public boolean nextBoolean(double probability) {
        if (replay != null) {
            return record(replayed(1)) == 1;
        }
        return record(random.nextDouble() < probability ? 1 : 0) == 1;
    }

    long[] consumed() {
        return Arrays.copyOf(consumed, size);
    }

    @SuppressWarnings("NullAway") // called only when replay is set
    private long replayed(long bound) {
        return size < replay.length ? Math.min(replay[size], bound) : 0;
    }

    /** Uniform, but now and then a bound itself: edge values find off-by-one defects that uniform draws miss. */
    @SuppressWarnings("NullAway") // called only when random is set
    private long drawn(long bound) {
        if (bound >= 2) {
            int edge = random.nextInt(32);
            if (edge == 0) {
                return 0;
            }
            if (edge == 1) {
                return bound;
            }
        }
        return bound == Long.MAX_VALUE ? random.nextLong() & Long.MAX_VALUE : random.nextLong(bound + 1);
    }

    private long record(long choice) {
        if (size == MAX_CHOICES) {
            throw Draws.discard();
        }
        if (size == consumed.length) {
            consumed = Arrays.copyOf(consumed, size * 2);
        }
        consumed[size++] = choice;
        return choice;
    }
}
