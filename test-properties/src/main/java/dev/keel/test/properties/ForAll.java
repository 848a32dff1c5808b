package dev.keel.test.properties;

import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * A property being set up: its generators, how many cases it checks and from which seed. Immutable; each setter
 * returns a new instance.
 *
 * @param <B> the shape of its check, one of {@link Property}'s {@code Body} interfaces
 */
public final class ForAll<B> {

    private final List<Gen<?>> gens;
    private final Function<B, Runner.Case> adapter;
    private final int tries;
    private final @Nullable Long seed;

    ForAll(List<Gen<?>> gens, Function<B, Runner.Case> adapter) {
        this(gens, adapter, Property.DEFAULT_TRIES, null);
    }

    private ForAll(List<Gen<?>> gens, Function<B, Runner.Case> adapter, int tries, @Nullable Long seed) {
        this.gens = gens;
        this.adapter = adapter;
        this.tries = tries;
        this.seed = seed;
    }

    /** Checks {@code tries} passing cases (discarded ones do not count). */
    public ForAll<B> tries(int tries) {
        return new ForAll<>(gens, adapter, tries, seed);
    }

    /** Draws from {@code seed}, ignoring the {@code keel.properties.seed} system property. */
    public ForAll<B> seed(long seed) {
        return new ForAll<>(gens, adapter, tries, seed);
    }

    /**
     * Runs {@code body} on the generated cases.
     *
     * @throws AssertionError for the first failing case, shrunk, with its seed
     */
    public void check(B body) {
        new Runner(gens, adapter.apply(Objects.requireNonNull(body, "body"))).run(tries, seed);
    }
}
