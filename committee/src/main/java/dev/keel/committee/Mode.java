package dev.keel.committee;

import java.util.Locale;

/**
 * How a request is answered: {@code ask} (concise), {@code audit} (with the full audit appendix) or {@code deep} (an
 * expanded committee, extra rounds, the audit appendix and the higher cap). Immutable and thread-safe.
 */
public enum Mode {
    ASK,
    AUDIT,
    DEEP;

    /** {@code ask}, {@code audit} or {@code deep}. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether a reply in this mode carries the audit appendix. */
    public boolean auditAppendix() {
        return this != ASK;
    }
}
