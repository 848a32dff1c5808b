package dev.keel.rules;

import dev.keel.core.InvalidInputException;
import java.util.Locale;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Where a rule applies: everywhere ({@link Kind#GLOBAL}), in one scenario ({@link Kind#SCENARIO}), or in one step of
 * one scenario ({@link Kind#STEP}). Immutable and thread-safe.
 *
 * @param kind     the kind of scope
 * @param scenario the scenario, for a scenario or step scope; null for a global one
 * @param step     the step, for a step scope; null otherwise
 */
public record RuleScope(Kind kind, @Nullable String scenario, @Nullable String step) {

    /** The kinds of scope, in the order rules of equal priority are listed: step, scenario, global. */
    public enum Kind {
        STEP,
        SCENARIO,
        GLOBAL;

        /** The lower-case wire name, for example {@code scenario}. */
        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private static final RuleScope GLOBAL_SCOPE = new RuleScope(Kind.GLOBAL, null, null);

    /** @throws InvalidInputException when the scenario or step does not fit the kind */
    public RuleScope {
        Objects.requireNonNull(kind, "kind");
        if ((kind == Kind.GLOBAL) != (scenario == null)) {
            throw new InvalidInputException(kind == Kind.GLOBAL ? "a global rule names no scenario"
                    : "a " + kind.wireName() + " rule names its scenario");
        }
        if ((kind == Kind.STEP) != (step != null)) {
            throw new InvalidInputException(kind == Kind.STEP ? "a step rule names its step"
                    : "only a step rule names a step");
        }
    }

    /** Everywhere. */
    public static RuleScope global() {
        return GLOBAL_SCOPE;
    }

    /** Everywhere in {@code scenario}. */
    public static RuleScope scenario(String scenario) {
        return new RuleScope(Kind.SCENARIO, Objects.requireNonNull(scenario, "scenario"), null);
    }

    /** In {@code step} of {@code scenario}. */
    public static RuleScope step(String scenario, String step) {
        return new RuleScope(Kind.STEP, Objects.requireNonNull(scenario, "scenario"), Objects.requireNonNull(step, "step"));
    }

    /** Whether a conversation at {@code position} is in this scope. */
    public boolean contains(Position position) {
        return switch (kind) {
            case GLOBAL -> true;
            // A scenario or step scope names its scenario (and a step scope its step): never equal to null.
            case SCENARIO -> Objects.equals(scenario, position.scenario());
            case STEP -> Objects.equals(scenario, position.scenario()) && Objects.equals(step, position.step());
        };
    }
}
