package dev.keel.eval;

import dev.keel.core.Principal;
import dev.keel.core.json.JsonTreeReader.Value;
import dev.keel.policy.PolicyEvaluator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code keel eval} operation {@code policy}: {@code {"policy", "role", "clearance", "domains"}} to
 * {@code {"decision", "reason_codes"}}. Without role and clearance the principal is missing (DENY,
 * {@code principal_missing}); {@code domains} may be left out (none requested). Stateless and thread-safe.
 */
final class PolicyEvalOp implements EvalOp {

    private static final Set<String> KEYS = Set.of("policy", "role", "clearance", "domains");

    @Override
    public String name() {
        return "policy";
    }

    @Override
    public Map<String, ?> apply(Map<String, Object> input) {
        OpInput in = new OpInput(input, KEYS);
        Value policy = in.policyMember();
        Value role = in.optional("role");
        Value clearance = in.optional("clearance");
        String roleName = role.string();
        String clearanceName = clearance.string();
        if (role.isPresent() != clearance.isPresent()) {
            Value given = role.isPresent() ? role : clearance;
            Value missing = role.isPresent() ? clearance : role;
            missing.problem("required when " + given.pointer() + " is given (leave both out for no principal)");
        }
        List<String> domains = in.optional("domains").strings();
        in.throwIfProblems();
        Principal principal = roleName == null ? null : Principal.of(roleName, clearanceName);
        return PolicyEvaluator.create(OpInput.policy(policy))
                .evaluate(principal, domains == null ? List.of() : domains).toWire();
    }
}
