package dev.keel.committee;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/** One agent's credibility and the status it gives. Immutable, pure and thread-safe. */
public record AgentCredibility(String agent, BigDecimal cred, CredStatus status) {

    public AgentCredibility {
        Objects.requireNonNull(agent, "agent");
        Objects.requireNonNull(cred, "cred");
        Objects.requireNonNull(status, "status");
    }

    /** {@code {"agent", "cred", "status"}}. */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("agent", agent);
        wire.put("cred", cred);
        wire.put("status", status.wireName());
        return wire;
    }
}
