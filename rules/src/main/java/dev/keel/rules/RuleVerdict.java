package dev.keel.rules;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What Lane 1 found in an answer ({@link RuleSet#check}): the deterministic rules it broke, sorted by id, and the
 * subjective rules a judge must decide, sorted by id. The verdict is a violation when a rule was broken or failed
 * closed ({@link RuleViolation#reason()}); the rules to judge do not change it (a judge's own verdict comes later). Immutable and thread-safe.
 *
 * @param violations the rules broken, by id
 * @param judge      the ids of the subjective rules to ask a judge about
 */
public record RuleVerdict(List<RuleViolation> violations, List<String> judge) {

    public RuleVerdict {
        violations = List.copyOf(violations);
        judge = List.copyOf(judge);
    }

    /** Whether no rule was broken. */
    public boolean passed() {
        return violations.isEmpty();
    }

    /** {@code {"verdict": "pass" | "violation", "violations": [{"rule_id", "lane"}], "judge": [ids]}}. */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("verdict", passed() ? "pass" : "violation");
        wire.put("violations", violations.stream().map(RuleViolation::toWire).toList());
        wire.put("judge", judge);
        return wire;
    }
}
