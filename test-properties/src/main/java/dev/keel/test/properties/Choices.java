package dev.keel.test.properties;

/**
 * The source a {@link Gen} draws from: a sequence of choices, each a number from 0 to a bound, where 0 is the
 * simplest. While a property runs, the choices come from its seeded random generator and are recorded; while a
 * failing case is shrunk, they are replayed from a smaller sequence, so every generator shrinks without code of its
 * own. A generator should therefore map smaller choices to simpler values (shorter, nearer zero, earlier in a list).
 *
 * <p>Not thread-safe: one case draws from one instance on one thread.
 */
public interface Choices {

    /**
     * The next choice, from 0 to {@code bound} inclusive.
     *
     * @param bound the largest choice, at least 0
     */
    long next(long bound);

    /**
     * The next yes-or-no choice: yes with {@code probability} while generating; no is the simpler.
     *
     * @param probability between 0 and 1
     */
    boolean nextBoolean(double probability);
}
