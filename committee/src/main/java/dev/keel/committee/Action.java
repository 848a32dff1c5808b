package dev.keel.committee;

import java.util.Locale;

/** What the committee does with its confidence: ship the reply, or ask the user one question. Immutable, thread-safe. */
public enum Action {
    /** {@code c_final} reached the threshold: the reply is shipped. */
    SHIP,
    /** {@code c_final} is below the threshold: the reply is exactly one question with options A, B and C. */
    ASK_USER;

    /** {@code ship} or {@code ask_user}. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
