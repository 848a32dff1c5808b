package dev.keel.evidence;

import java.util.Optional;

/**
 * How much of the plan the probes covered (the protocol's {@code AssistantMcpDiscoveryCoverageStatus}, see {@code
 * docs/evidence.md}).
 *
 * <p>Immutable and thread-safe.
 */
public enum CoverageStatus {
    FULL("full"),
    PARTIAL("partial"),
    BLOCKED("blocked");

    private final String wireName;

    CoverageStatus(String wireName) {
        this.wireName = wireName;
    }

    /** The name on the wire, exactly as the protocol writes it. */
    public String wireName() {
        return wireName;
    }

    /** The constant with this exact wire name, if any. */
    public static Optional<CoverageStatus> fromWireName(String wireName) {
        for (CoverageStatus value : values()) {
            if (value.wireName.equals(wireName)) {
                return Optional.of(value);
            }
        }
        return Optional.empty();
    }
}
