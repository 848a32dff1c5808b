package dev.keel.policy.internal;

import dev.keel.core.InvalidInputException;
import dev.keel.core.Principal;
import dev.keel.core.eval.EvalOp;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.PolicyEvaluator;
import java.util.Map;
import java.util.Set;

/**
 * {@code keel eval} operation {@code policy}: {@code {"policy", "role", "clearance", "domains"}} to
 * {@code {"decision", "reason_codes"}}. Without role and clearance the principal is missing (DENY,
 * {@code principal_missing}); {@code domains} may be left out (none requested). Stateless and thread-safe.
 */
public final class PolicyEvalOp implements EvalOp {

    private static final Set<String> KEYS = Set.of("policy", "role", "clearance", "domains");

    @Override
    public String name() {
        return "policy";
    }

    @Override
    public Map<String, ?> apply(Map<String, Object> input) {
        OpInput in = new OpInput(input, KEYS);
        if (!in.has("policy")) {
            throw new InvalidInputException("invalid_input", "/policy: required, a policy document");
        }
        PolicyDocument policy = in.policy("policy");
        String role = in.optionalString("role");
        String clearance = in.optionalString("clearance");
        if ((role == null) != (clearance == null)) {
            String missing = role == null ? "role" : "clearance";
            throw new InvalidInputException("invalid_input", "/" + missing + ": required when /"
                    + (role == null ? "clearance" : "role") + " is given (leave both out for no principal)");
        }
        Principal principal = role == null ? null : Principal.of(role, clearance);
        return PolicyEvaluator.create(policy).evaluate(principal, in.optionalStrings("domains")).toWire();
    }
}
