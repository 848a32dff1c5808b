package dev.keel.evidence;

import java.util.Optional;

/**
 * How a discovery probe ended, as the caller reports it (the protocol's {@code
 * AssistantMcpDiscoveryProbeResult.status}, see {@code docs/evidence.md}). The reference records it but decides
 * nothing on it; rows and primitive decide.
 *
 * <p>Immutable and thread-safe.
 */
public enum ProbeStatus {
    OK("ok"),
    ERROR("error"),
    SKIPPED("skipped");

    private final String wireName;

    ProbeStatus(String wireName) {
        this.wireName = wireName;
    }

    /** The name on the wire, exactly as the protocol writes it. */
    public String wireName() {
        return wireName;
    }

    /** The constant with this exact wire name, if any. */
    public static Optional<ProbeStatus> fromWireName(String wireName) {
        for (ProbeStatus value : values()) {
            if (value.wireName.equals(wireName)) {
                return Optional.of(value);
            }
        }
        return Optional.empty();
    }
}
