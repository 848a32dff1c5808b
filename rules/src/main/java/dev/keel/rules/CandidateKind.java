package dev.keel.rules;

import java.util.Locale;

/**
 * Where a navigation candidate leads ({@code docs/rules.md}): to another step of the current step's flow, to a step
 * of the current scenario from any of its steps, or into a scenario from outside it. Immutable and thread-safe.
 */
public enum CandidateKind {
    /** A transition out of the current step. */
    STEP_TRANSITION,
    /** A transition of the current scenario, open from any of its steps. */
    SCENARIO_TRANSITION,
    /** A global entry point into a scenario. */
    SCENARIO_ENTRY;

    /** The lower-case wire name, for example {@code step_transition}. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
