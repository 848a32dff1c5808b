package dev.keel.test.properties;

import java.util.List;

/**
 * Entry point of a property: {@code Property.forAll(gen).check(value -> ...)} inside an ordinary JUnit 5
 * {@code @Test}. The check runs on {@value #DEFAULT_TRIES} generated cases unless {@link ForAll#tries(int)} says
 * otherwise; any exception or assertion error it throws fails the property, after the failing case has been
 * shrunk. Every failure names its seed; {@code -Dkeel.properties.seed=SEED} runs every property from that seed.
 *
 * <p>Thread-safe: holds no state.
 */
public final class Property {

    /** The cases a property checks unless told otherwise. */
    public static final int DEFAULT_TRIES = 1000;

    private Property() {
    }

    /** A check over values of {@code a}. */
    public static <A> ForAll<Body1<A>> forAll(Gen<A> a) {
        return new ForAll<>(List.of(a), body -> values -> body.check(cast(values[0])));
    }

    /** A check over values of {@code a} and {@code b}, drawn in that order. */
    public static <A, B> ForAll<Body2<A, B>> forAll(Gen<A> a, Gen<B> b) {
        return new ForAll<>(List.of(a, b), body -> values -> body.check(cast(values[0]), cast(values[1])));
    }

    /** A check over values of {@code a}, {@code b} and {@code c}, drawn in that order. */
    public static <A, B, C> ForAll<Body3<A, B, C>> forAll(Gen<A> a, Gen<B> b, Gen<C> c) {
        return new ForAll<>(List.of(a, b, c),
                body -> values -> body.check(cast(values[0]), cast(values[1]), cast(values[2])));
    }

    /** A check over values of four generators, drawn in order. */
    public static <A, B, C, D> ForAll<Body4<A, B, C, D>> forAll(Gen<A> a, Gen<B> b, Gen<C> c, Gen<D> d) {
        return new ForAll<>(List.of(a, b, c, d),
                body -> values -> body.check(cast(values[0]), cast(values[1]), cast(values[2]), cast(values[3])));
    }

    /**
     * Discards the current case unless {@code condition} holds: it neither passes nor fails, and another is drawn.
     * A property that discards more than ten cases per try fails as unsatisfiable.
     */
    public static void assume(boolean condition) {
        if (!condition) {
            throw Draws.discard();
        }
    }

    @SuppressWarnings("unchecked")
    private static <T> T cast(Object value) {
        return (T) value;
    }

    /** A check of one value. */
    @FunctionalInterface
    public interface Body1<A> {
        void check(A a) throws Throwable;
    }

    /** A check of two values. */
    @FunctionalInterface
    public interface Body2<A, B> {
        void check(A a, B b) throws Throwable;
    }

    /** A check of three values. */
    @FunctionalInterface
    public interface Body3<A, B, C> {
        void check(A a, B b, C c) throws Throwable;
    }

    /** A check of four values. */
    @FunctionalInterface
    public interface Body4<A, B, C, D> {
        void check(A a, B b, C c, D d) throws Throwable;
    }
}
