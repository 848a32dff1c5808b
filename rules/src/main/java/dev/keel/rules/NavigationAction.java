package dev.keel.rules;

import java.util.Locale;

/** What a navigation decided. Immutable and thread-safe. */
public enum NavigationAction {
    /** Outside every scenario: enter the target scenario. */
    ENTER,
    /** Leave the current scenario for the target's. */
    SWITCH,
    /** Move within the current scenario to the target. */
    ADVANCE,
    /** Stay where the conversation is. */
    STAY,
    /** Outside every scenario, and nothing matches well enough to enter one. */
    NONE;

    /** The lower-case wire name, for example {@code switch}. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether the conversation moves. */
    public boolean moves() {
        return this == ENTER || this == SWITCH || this == ADVANCE;
    }
}
