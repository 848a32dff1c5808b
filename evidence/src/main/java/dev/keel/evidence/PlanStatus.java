package dev.keel.evidence;

import java.util.Optional;

/**
 * Whether a discovery plan may run (the protocol's {@code AssistantMcpDiscoveryPlanStatus}, see {@code
 * docs/evidence.md}).
 *
 * <p>Immutable and thread-safe.
 */
public enum PlanStatus {
    ALLOWED("allowed"),
    NEEDS_CLARIFICATION("needs_clarification"),
    BLOCKED("blocked");

    private final String wireName;

    PlanStatus(String wireName) {
        this.wireName = wireName;
    }

    /** The name on the wire, exactly as the protocol writes it. */
    public String wireName() {
        return wireName;
    }

    /** The constant with this exact wire name, if any. */
    public static Optional<PlanStatus> fromWireName(String wireName) {
        for (PlanStatus value : values()) {
            if (value.wireName.equals(wireName)) {
                return Optional.of(value);
            }
        }
        return Optional.empty();
    }
}
