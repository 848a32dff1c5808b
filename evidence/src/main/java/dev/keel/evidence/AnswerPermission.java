package dev.keel.evidence;

import java.util.Optional;

/**
 * What an answer may claim after the evidence gate (the protocol's {@code AssistantMcpDiscoveryAnswerPermission}, see
 * {@code docs/evidence.md}): confirmed facts, a bounded inference, or only which sources were checked.
 *
 * <p>Immutable and thread-safe.
 */
public enum AnswerPermission {
    CONFIRMED_ANSWER("confirmed_answer"),
    BOUNDED_INFERENCE("bounded_inference"),
    CHECKED_SOURCES_ONLY("checked_sources_only");

    private final String wireName;

    AnswerPermission(String wireName) {
        this.wireName = wireName;
    }

    /** The name on the wire, exactly as the protocol writes it. */
    public String wireName() {
        return wireName;
    }

    /** The constant with this exact wire name, if any. */
    public static Optional<AnswerPermission> fromWireName(String wireName) {
        for (AnswerPermission value : values()) {
            if (value.wireName.equals(wireName)) {
                return Optional.of(value);
            }
        }
        return Optional.empty();
    }
}
