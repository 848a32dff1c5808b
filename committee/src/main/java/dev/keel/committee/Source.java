package dev.keel.committee;

import java.util.Locale;

/** Where a request came from. Immutable and thread-safe. */
public enum Source {
    DISCORD,
    CLI,
    HTTP;

    /** {@code discord}, {@code cli} or {@code http}. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
