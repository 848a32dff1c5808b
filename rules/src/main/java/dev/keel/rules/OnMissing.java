package dev.keel.rules;

import java.util.Locale;

/**
 * What an enforcement expression means when a variable it uses has no value on a turn: nothing to check
 * ({@link #SKIP}, the default), or a violation ({@link #VIOLATION}, for a rule that must be able to see what it
 * checks). Immutable and thread-safe.
 */
public enum OnMissing {
    SKIP,
    VIOLATION;

    /** The lower-case wire name, for example {@code skip}. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
