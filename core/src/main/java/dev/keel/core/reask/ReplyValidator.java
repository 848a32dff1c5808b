package dev.keel.core.reask;

/**
 * Reads and checks one reply of a model for a {@link Reasker}: problems are values in the {@link Verdict}, never
 * exceptions. Implementations must be thread-safe when the re-asker is shared; most are pure.
 */
@FunctionalInterface
public interface ReplyValidator<T> {

    /**
     * @param reply   the reply's text, as received
     * @param attempt 1 for the first reply, 2 for the reply to the first re-ask, ...
     */
    Verdict<T> check(String reply, int attempt);
}
