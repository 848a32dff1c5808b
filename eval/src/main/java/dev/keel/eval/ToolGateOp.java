package dev.keel.eval;

import dev.keel.core.Principal;
import dev.keel.core.content.Part;
import dev.keel.core.json.JsonTreeReader.ObjectValue;
import dev.keel.core.json.JsonTreeReader.Value;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.PolicyEvaluator;
import dev.keel.policy.ToolGate;
import dev.keel.policy.ToolTurn;
import dev.keel.reading.OutboundFilter;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code keel eval} operation {@code tool_gate}: {@code {"policy", "principal": {"role", "clearance"}, "tool",
 * "arguments", "internal_only"}} to {@code {"decision", "reason_codes", "result_domains", "arguments"}}, the
 * {@link ToolGate}'s verdict before the call, the arguments as they would be sent ({@code null} when the call is
 * refused). The turn requests no domain, so its decision is the principal's role default; without a principal the
 * call is refused; {@code arguments} default to {@code {}} and {@code internal_only} to false. Stateless and
 * thread-safe.
 */
final class ToolGateOp implements EvalOp {

    private static final Set<String> KEYS = Set.of("policy", "principal", "tool", "arguments", "internal_only");

    @Override
    public String name() {
        return "tool_gate";
    }

    @Override
    public Map<String, ?> apply(Map<String, Object> input) {
        OpInput in = new OpInput(input, KEYS);
        Value policy = in.policyMember();
        Value principalValue = in.optional("principal");
        ObjectValue principalObject = principalValue.object("role", "clearance");
        String role = principalObject.isPresent() ? principalObject.required("role").string() : null;
        String clearance = principalObject.isPresent() ? principalObject.required("clearance").string() : null;
        String tool = in.required("tool").string();
        Value argumentsValue = in.optional("arguments");
        ObjectValue arguments = argumentsValue.anyObject();
        boolean internalOnly = in.optional("internal_only").bool(false);
        in.throwIfProblems();
        PolicyDocument document = OpInput.policy(policy);
        Principal principal = role == null || clearance == null ? null : Principal.of(role, clearance);
        ToolTurn turn = new ToolTurn(principal, PolicyEvaluator.create(document).evaluate(principal, List.of()),
                List.of(), internalOnly);
        @SuppressWarnings("unchecked")
        Map<String, Object> given = arguments.isPresent() ? (Map<String, Object>) argumentsValue.raw() : Map.of();
        return ToolGate.create(document, OutboundFilter.create(document))
                .check(turn, Part.ToolCall.of("eval", tool, given)).toWire();
    }
}
