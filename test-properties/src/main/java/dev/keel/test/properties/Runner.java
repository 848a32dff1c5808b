package dev.keel.test.properties;

import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ThreadLocalRandom;
import org.jspecify.annotations.Nullable;

/**
 * Runs one property: draws cases from one seed until enough pass, and on the first failure shrinks its choices and
 * throws an {@link AssertionError} that names the seed, the smallest failing case and the original one.
 */
final class Runner {

    /** The system property that fixes the seed of every property in a run, to reproduce a failure. */
    static final String SEED_PROPERTY = "keel.properties.seed";

    /** Discarded cases allowed per try before the property fails as unsatisfiable. */
    private static final int DISCARDS_PER_TRY = 10;

    /** The body of a property over the drawn values, one per generator. */
    @FunctionalInterface
    interface Case {
        void run(Object[] values) throws Throwable;
    }

    private final List<Gen<?>> gens;
    private final Case body;

    Runner(List<Gen<?>> gens, Case body) {
        this.gens = List.copyOf(gens);
        this.body = body;
    }

    /**
     * Passes {@code tries} cases, or throws {@link AssertionError}.
     *
     * @param seed the seed, or {@code null} for the one of {@value #SEED_PROPERTY}, or else a fresh one
     */
    void run(int tries, @Nullable Long seed) {
        if (tries < 1) {
            throw new IllegalArgumentException("tries must be at least 1, was " + tries);
        }
        long effectiveSeed = seed != null ? seed : seedFromSystem();
        Random random = new Random(effectiveSeed);
        int passed = 0;
        int discarded = 0;
        while (passed < tries) {
            Outcome outcome = attempt(ChoiceSequence.random(random));
            switch (outcome.kind()) {
                case PASSED -> passed++;
                case DISCARDED -> {
                    if (++discarded > tries * DISCARDS_PER_TRY) {
                        throw new AssertionError("Property discarded " + discarded + " cases after " + passed
                                + " passed (seed " + effectiveSeed + "): its generators or assumptions reject"
                                + " too much");
                    }
                }
                case FAILED -> throw failure(outcome, passed + 1, effectiveSeed);
            }
        }
    }

    Outcome attempt(ChoiceSequence choices) {
        Object[] values = new Object[gens.size()];
        try {
            for (int i = 0; i < values.length; i++) {
                values[i] = gens.get(i).generate(choices);
            }
            body.run(values);
            return new Outcome(Outcome.Kind.PASSED, choices.consumed(), null);
        } catch (Draws.Discarded discarded) {
            return new Outcome(Outcome.Kind.DISCARDED, choices.consumed(), null);
        } catch (VirtualMachineError error) {
            throw error;
        } catch (Throwable failure) {
            if (failure.getClass().getName().equals("org.opentest4j.TestAbortedException")) {
                return new Outcome(Outcome.Kind.DISCARDED, choices.consumed(), null);
            }
            return new Outcome(Outcome.Kind.FAILED, choices.consumed(), failure);
        }
    }

    private AssertionError failure(Outcome original, int tryNumber, long seed) {
        Shrinker.Result shrunk = new Shrinker(this).shrink(original);
        StringBuilder message = new StringBuilder()
                .append("Property failed on try ").append(tryNumber).append(" (seed ").append(seed)
                .append("; rerun with -D").append(SEED_PROPERTY).append('=').append(seed).append(")\n")
                .append("Smallest failing case (").append(shrunk.steps()).append(" shrinking steps):\n");
        describe(shrunk.outcome().choices(), message);
        message.append("Original failing case:\n");
        describe(original.choices(), message);
        message.append("Failure: ").append(shrunk.outcome().failure());
        return new AssertionError(message.toString(), shrunk.outcome().failure());
    }

    /** The values these choices give, generated again: the body may have changed the ones it was given. */
    private void describe(long[] choices, StringBuilder out) {
        ChoiceSequence replay = ChoiceSequence.replay(choices);
        for (int i = 0; i < gens.size(); i++) {
            out.append("  #").append(i).append(": ");
            try {
                out.append(Shown.of(gens.get(i).generate(replay)));
            } catch (RuntimeException e) {
                out.append("(not generated again: ").append(e).append(')');
            }
            out.append('\n');
        }
    }

    private static long seedFromSystem() {
        String fixed = System.getProperty(SEED_PROPERTY);
        if (fixed == null || fixed.isBlank()) {
            return ThreadLocalRandom.current().nextLong();
        }
        try {
            return Long.parseLong(fixed.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(SEED_PROPERTY + " must be a long, was " + fixed, e);
        }
    }

    /** What one case did, with the choices it consumed. */
    record Outcome(Kind kind, long[] choices, @Nullable Throwable failure) {

        enum Kind { PASSED, DISCARDED, FAILED }

        boolean failed() {
            return kind == Kind.FAILED;
        }

        @Override
        public String toString() {
            return kind + " " + Arrays.toString(choices);
        }
    }
}
