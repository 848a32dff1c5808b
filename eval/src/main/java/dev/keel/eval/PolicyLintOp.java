package dev.keel.eval;

import dev.keel.core.json.JsonTreeReader.Value;
import dev.keel.policy.PolicyFinding;
import dev.keel.policy.PolicyLint;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code keel eval} operation {@code policy_lint}: {@code {"policy"}} to {@code {"findings": [{"code", "pointer",
 * "message"}]}}, the findings of {@link PolicyLint} sorted by pointer, then code, then message; an invalid policy
 * is an error ({@code invalid_policy}), not a finding. Stateless and thread-safe.
 */
final class PolicyLintOp implements EvalOp {

    private static final Set<String> KEYS = Set.of("policy");

    @Override
    public String name() {
        return "policy_lint";
    }

    @Override
    public Map<String, ?> apply(Map<String, Object> input) {
        OpInput in = new OpInput(input, KEYS);
        Value policy = in.policyMember();
        in.throwIfProblems();
        List<Map<String, Object>> findings = PolicyLint.findings(OpInput.policy(policy)).stream()
                .map(PolicyFinding::toWire).toList();
        return Map.of("findings", findings);
    }
}
