package dev.keel.rules;

import dev.keel.core.InvalidInputException;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Where a conversation is: in no scenario yet, in a scenario, or at a step of one. Immutable and thread-safe.
 *
 * @param scenario the current scenario, or null outside every scenario
 * @param step     the current step of that scenario, or null
 */
public record Position(@Nullable String scenario, @Nullable String step) {

    private static final Position NONE = new Position(null, null);

    /** @throws InvalidInputException when a step is given without its scenario */
    public Position {
        if (step != null && scenario == null) {
            throw new InvalidInputException("a step is inside a scenario: give the scenario too");
        }
    }

    /** Outside every scenario. */
    public static Position none() {
        return NONE;
    }

    /** In {@code scenario}, at {@code step} (null: at no particular step). */
    public static Position of(@Nullable String scenario, @Nullable String step) {
        return scenario == null && step == null ? NONE : new Position(scenario, step);
    }

    /** Whether the conversation is in a scenario. */
    public boolean inScenario() {
        return scenario != null;
    }

    public Optional<String> scenarioIfAny() {
        return Optional.ofNullable(scenario);
    }

    public Optional<String> stepIfAny() {
        return Optional.ofNullable(step);
    }

    @Override
    public String toString() {
        return scenario == null ? "no scenario" : step == null ? scenario : scenario + "/" + step;
    }
}
