package dev.keel.committee;

/**
 * What an agent output's credibility makes of it: {@code VALID} (used), {@code QUARANTINE} (used only with a
 * justification recorded in the audit) or {@code DISCARD} (never cited). Immutable and thread-safe.
 */
public enum CredStatus {
    VALID,
    QUARANTINE,
    DISCARD;

    /** The wire name, which is the constant's name. */
    public String wireName() {
        return name();
    }
}
