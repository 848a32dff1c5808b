package dev.keel.policy;

import dev.keel.core.InvalidInputException;
import dev.keel.core.ReasonCodes;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Whether a request must stay in the house, and which rules of the policy's sensitivity said so. Immutable and
 * thread-safe.
 *
 * @param internalOnly true when no prompt of this request may go to an external backend
 * @param rules        the rules that made it internal-only, in the order they were checked: {@code clearance
 *                     top_secret}, {@code domain patient_records}, {@code marking top_secret_banner}
 * @param reasonCodes  {@code internal_only_clearance}, {@code internal_only_domain}, {@code internal_only_marking}
 */
public record SensitivityDecision(boolean internalOnly, List<String> rules, ReasonCodes reasonCodes) {

    private static final SensitivityDecision EXTERNAL_ALLOWED = new SensitivityDecision(false, List.of(),
            ReasonCodes.empty());

    public SensitivityDecision {
        rules = List.copyOf(rules);
        if (internalOnly == rules.isEmpty()) {
            throw new InvalidInputException("a request is internal-only exactly when a rule says so");
        }
    }

    /** No rule keeps the request internal. */
    public static SensitivityDecision externalAllowed() {
        return EXTERNAL_ALLOWED;
    }

    /** {@code {"internal_only", "rules", "reason_codes"}}. */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("internal_only", internalOnly);
        wire.put("rules", rules);
        wire.put("reason_codes", reasonCodes.values());
        return wire;
    }
}
