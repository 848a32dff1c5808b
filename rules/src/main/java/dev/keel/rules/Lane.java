package dev.keel.rules;

import java.util.Locale;

/**
 * How a rule is enforced ({@code docs/rules.md}): by code on every turn it is checked (deterministic: a CEL
 * expression or a forbidden pattern), or by a judge model on the turns that call for one (subjective). Immutable
 * and thread-safe.
 */
public enum Lane {
    /** Lane 1: an enforcement expression or a forbidden pattern, checked in microseconds. */
    DETERMINISTIC,
    /** Lane 2: a judgement only a model can make ("be polite"), asked of a judge on hard, risky or sampled turns. */
    SUBJECTIVE;

    /** The lower-case wire name, for example {@code deterministic}. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
