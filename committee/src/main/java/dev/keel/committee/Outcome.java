package dev.keel.committee;

import java.util.Locale;

/** How a committee run ended. Immutable and thread-safe. */
public enum Outcome {
    /** The reply was shipped: {@code c_final} reached the threshold and the synthesis kept the rules. */
    SHIPPED,
    /** The reply is one question with options A, B and C: a clarification, or {@code c_final} below the threshold. */
    ASKED_USER,
    /** The synthesis broke the rules after its re-ask (or could not be made): the reply says so, nothing else. */
    REFUSED;

    /** {@code shipped}, {@code asked_user} or {@code refused}. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
