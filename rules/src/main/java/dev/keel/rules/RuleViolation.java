package dev.keel.rules;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A rule an answer broke, and the lane that found it. Immutable and thread-safe.
 *
 * @param ruleId the rule's id
 * @param lane   {@link Lane#DETERMINISTIC} when code found it, {@link Lane#SUBJECTIVE} when a judge did
 */
public record RuleViolation(String ruleId, Lane lane) {

    public RuleViolation {
        Objects.requireNonNull(ruleId, "ruleId");
        Objects.requireNonNull(lane, "lane");
    }

    /** {@code {"rule_id", "lane"}}. */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("rule_id", ruleId);
        wire.put("lane", lane.wireName());
        return wire;
    }
}
