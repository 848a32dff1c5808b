package dev.keel.test.properties;

import java.util.Arrays;

/**
 * Reduces a failing case by reducing the choices it consumed: a sequence replaces the current one when it still
 * fails and is shorter, or as long and smaller at its first difference. The passes delete blocks of choices (which
 * drops list elements and characters), then lower each choice to zero or to the smallest value that still fails
 * (which simplifies numbers, picks and lengths). Bounded in the number of cases it runs.
 */
final class Shrinker {

    /** Cases run while shrinking one failure, at most. */
    static final int MAX_RUNS = 2_000;

    private static final int[] BLOCK_SIZES = {8, 4, 2, 1};

    private final Runner runner;
    private Runner.Outcome best;
    private int runs;
    private int steps;

    @SuppressWarnings("NullAway.Init") // shrink() sets best before anything reads it
    Shrinker(Runner runner) {
        this.runner = runner;
    }

    record Result(Runner.Outcome outcome, int steps) {
    }

    Result shrink(Runner.Outcome failing) {
        best = failing;
        boolean improved = true;
        while (improved && runs < MAX_RUNS) {
            improved = deleteBlocks() | lowerChoices();
        }
        return new Result(best, steps);
    }

    /**
     * Deletes each block of choices, and also replaces it with one zero: when a list is at its maximum size, deleting
     * an element leaves room for one more, whose "more?" choice would be read from the next generator's choices; the
     * zero answers it "no", so the element goes and what follows stays in place.
     */
    private boolean deleteBlocks() {
        boolean improved = false;
        for (int block : BLOCK_SIZES) {
            for (int start = best.choices().length - block; start >= 0 && runs < MAX_RUNS; start--) {
                if (start + block > best.choices().length) {
                    continue;
                }
                improved |= tryCandidate(without(start, block, false))
                        || block > 1 && tryCandidate(without(start, block, true));
            }
        }
        return improved;
    }

    private long[] without(int start, int block, boolean zeroInItsPlace) {
        long[] choices = best.choices();
        int kept = zeroInItsPlace ? 1 : 0;
        long[] candidate = new long[choices.length - block + kept];
        System.arraycopy(choices, 0, candidate, 0, start);
        System.arraycopy(choices, start + block, candidate, start + kept, choices.length - start - block);
        return candidate;
    }

    private boolean lowerChoices() {
        boolean improved = false;
        for (int i = 0; i < best.choices().length && runs < MAX_RUNS; i++) {
            long current = best.choices()[i];
            if (current == 0) {
                continue;
            }
            if (tryCandidate(with(i, 0))) {
                improved = true;
                continue;
            }
            // The smallest value that still fails, assuming failures are monotone in this choice.
            long low = 0;
            long high = current;
            while (high - low > 1 && runs < MAX_RUNS && i < best.choices().length) {
                long middle = low + (high - low) / 2;
                if (tryCandidate(with(i, middle))) {
                    improved = true;
                    high = middle;
                } else {
                    low = middle;
                }
            }
        }
        return improved;
    }

    private long[] with(int index, long value) {
        long[] candidate = best.choices().clone();
        candidate[index] = value;
        return candidate;
    }

    private boolean tryCandidate(long[] candidate) {
        runs++;
        Runner.Outcome outcome = runner.attempt(ChoiceSequence.replay(candidate));
        if (outcome.failed() && simpler(outcome.choices(), best.choices())) {
            best = outcome;
            steps++;
            return true;
        }
        return false;
    }

    /** Shorter, or as long and smaller at the first difference. */
    static boolean simpler(long[] candidate, long[] current) {
        if (candidate.length != current.length) {
            return candidate.length < current.length;
        }
        return Arrays.compare(candidate, current) < 0;
    }
}
