package dev.keel.rules;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A rule an answer broke, and the lane that found it. Immutable and thread-safe.
 *
 * @param ruleId the rule's id
 * @param lane   {@link Lane#DETERMINISTIC} when code found it, {@link Lane#SUBJECTIVE} when a judge did
 * @param reason empty when the rule was broken as written (its pattern matched, its expression was false or could
 *               not be evaluated); {@code rule_cost_exceeded} when the rule failed closed because its expression
 *               spent its evaluation budget before it was shown to hold ({@code docs/rules.md})
 */
public record RuleViolation(String ruleId, Lane lane, Optional<String> reason) {

    public RuleViolation {
        Objects.requireNonNull(ruleId, "ruleId");
        Objects.requireNonNull(lane, "lane");
        Objects.requireNonNull(reason, "reason");
    }

    /** A rule broken as written. */
    public RuleViolation(String ruleId, Lane lane) {
        this(ruleId, lane, Optional.empty());
    }

    /** {@code {"rule_id", "lane", "reason"?}}: the reason only when the rule failed closed. */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("rule_id", ruleId);
        wire.put("lane", lane.wireName());
        reason.ifPresent(code -> wire.put("reason", code));
        return wire;
    }
}
