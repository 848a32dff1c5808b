package dev.keel.core;

import java.util.Locale;
import java.util.Optional;

/**
 * The three-valued governance decision: what the answer may contain (see {@code docs/policy.md}).
 *
 * <ul>
 *   <li>{@link #ALLOW}: figures and calendar details from the evidence, qualitative restrictions still apply;</li>
 *   <li>{@link #PARTIAL}: qualitative statements only, no explicit numbers or dates;</li>
 *   <li>{@link #DENY}: no answer content, only a short rationale.</li>
 * </ul>
 *
 * <p>Constants are declared from most to least restrictive. Immutable and thread-safe.
 */
public enum Decision {
    DENY,
    PARTIAL,
    ALLOW;

    /** True when this decision permits no more than {@code other} does. */
    public boolean isAtMostAsPermissiveAs(Decision other) {
        return compareTo(other) <= 0;
    }

    /** The more restrictive of this decision and {@code other}. */
    public Decision mostRestrictive(Decision other) {
        return isAtMostAsPermissiveAs(other) ? this : other;
    }

    /** The wire name ({@code "ALLOW"}, {@code "PARTIAL"}, {@code "DENY"}). */
    public String wireName() {
        return name();
    }

    /** Parses a wire name, ignoring case and surrounding whitespace; empty when it is none of the three. */
    public static Optional<Decision> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        switch (text.strip().toUpperCase(Locale.ROOT)) {
            case "ALLOW":
                return Optional.of(ALLOW);
            case "PARTIAL":
                return Optional.of(PARTIAL);
            case "DENY":
                return Optional.of(DENY);
            default:
                return Optional.empty();
        }
    }
}
