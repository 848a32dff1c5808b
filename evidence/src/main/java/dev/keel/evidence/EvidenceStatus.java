package dev.keel.evidence;

import java.util.Optional;

/**
 * What the evidence gate found (the protocol's {@code AssistantMcpDiscoveryEvidenceStatus}, see {@code
 * docs/evidence.md}).
 *
 * <p>Immutable and thread-safe.
 */
public enum EvidenceStatus {
    CONFIRMED("confirmed"),
    INFERRED_ONLY("inferred_only"),
    INSUFFICIENT("insufficient"),
    BLOCKED("blocked");

    private final String wireName;

    EvidenceStatus(String wireName) {
        this.wireName = wireName;
    }

    /** The name on the wire, exactly as the protocol writes it. */
    public String wireName() {
        return wireName;
    }

    /** The constant with this exact wire name, if any. */
    public static Optional<EvidenceStatus> fromWireName(String wireName) {
        for (EvidenceStatus value : values()) {
            if (value.wireName.equals(wireName)) {
                return Optional.of(value);
            }
        }
        return Optional.empty();
    }
}
