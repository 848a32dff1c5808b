package dev.keel.routing.rulebreaker;

import java.util.function.Supplier;

/**
 * Breaks the rules on purpose: a library class that constructs an IllegalArgumentException, a subclass of it, and
 * (by reference) an UnsupportedOperationException.
 */
public final class ThrowsPlainExceptions {

    private ThrowsPlainExceptions() {
    }

    static void check(int weight) {
        if (weight < 1) {
            throw new IllegalArgumentException("weight " + weight);
        }
        if (weight > 10) {
            throw new NumberFormatException("weight " + weight);
        }
    }

    static Supplier<RuntimeException> unsupported() {
        return UnsupportedOperationException::new;
    }
}
