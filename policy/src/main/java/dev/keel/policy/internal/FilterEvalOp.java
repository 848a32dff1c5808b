package dev.keel.policy.internal;

import dev.keel.core.Decision;
import dev.keel.core.InvalidInputException;
import dev.keel.core.eval.EvalOp;
import dev.keel.policy.OutboundFilter;
import java.util.Map;
import java.util.Set;

/**
 * {@code keel eval} operation {@code filter}: {@code {"decision", "text", "policy"?}} to
 * {@code {"text", "redactions"}}; the policy's qualitative restrictions apply when one is given. Stateless and
 * thread-safe.
 */
public final class FilterEvalOp implements EvalOp {

    private static final Set<String> KEYS = Set.of("decision", "text", "policy");

    @Override
    public String name() {
        return "filter";
    }

    @Override
    public Map<String, ?> apply(Map<String, Object> input) {
        OpInput in = new OpInput(input, KEYS);
        String decisionName = in.requiredString("decision");
        Decision decision = Decision.parse(decisionName).orElseThrow(() -> new InvalidInputException(
                "invalid_input", "/decision: must be ALLOW, PARTIAL or DENY, found '" + decisionName + "'"));
        String text = in.requiredString("text");
        OutboundFilter filter = in.has("policy") ? OutboundFilter.create(in.policy("policy"))
                : OutboundFilter.withoutRestrictions();
        return filter.apply(decision, text).toWire();
    }
}
