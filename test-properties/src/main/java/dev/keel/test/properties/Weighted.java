package dev.keel.test.properties;

import java.util.Objects;

/**
 * A generator with a weight, for {@link Gen#frequency(Weighted...)}. Immutable.
 *
 * @param weight how often, relative to the other choices; at least 1
 * @param gen    the generator
 * @param <T>    what it generates
 */
public record Weighted<T>(int weight, Gen<? extends T> gen) {

    public Weighted {
        if (weight < 1) {
            throw new IllegalArgumentException("a weight must be at least 1, was " + weight);
        }
        Objects.requireNonNull(gen, "gen");
    }

    /** {@code gen} with {@code weight}. */
    public static <T> Weighted<T> of(int weight, Gen<? extends T> gen) {
        return new Weighted<>(weight, gen);
    }
}
