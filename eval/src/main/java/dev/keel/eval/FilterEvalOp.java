package dev.keel.eval;

import dev.keel.core.Decision;
import dev.keel.core.json.JsonTreeReader.Value;
import dev.keel.reading.OutboundFilter;
import java.util.Map;
import java.util.Set;

/**
 * {@code keel eval} operation {@code filter}: {@code {"decision", "text", "policy"?}} to
 * {@code {"text", "redactions"}}; the policy's qualitative restrictions apply when one is given. Stateless and
 * thread-safe.
 */
final class FilterEvalOp implements EvalOp {

    private static final Set<String> KEYS = Set.of("decision", "text", "policy");

    @Override
    public String name() {
        return "filter";
    }

    @Override
    public Map<String, ?> apply(Map<String, Object> input) {
        OpInput in = new OpInput(input, KEYS);
        Decision decision = in.decision();
        String text = in.required("text").string();
        Value policy = in.optional("policy");
        in.throwIfProblems();
        OutboundFilter filter = policy.isPresent() ? OutboundFilter.create(OpInput.policy(policy))
                : OutboundFilter.withoutRestrictions();
        return filter.apply(decision, text).toWire();
    }
}
