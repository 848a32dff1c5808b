package dev.keel.eval;

import dev.keel.core.Cancellation;
import dev.keel.core.InvalidInputException;
import dev.keel.core.InvalidPolicyException;
import dev.keel.core.Principal;
import dev.keel.core.json.JsonProblem;
import dev.keel.core.json.JsonTreeReader;
import dev.keel.core.json.JsonTreeReader.ObjectValue;
import dev.keel.policy.DomainDetector;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.PolicyValidationException;
import dev.keel.policy.SensitivityAssessor;
import dev.keel.policy.SensitivityDecision;
import dev.keel.routing.RoutingIndex;
import dev.keel.routing.RoutingRequest;
import dev.keel.routing.RoutingTable;
import java.util.List;
import java.util.Map;

/**
 * {@code keel eval} operation {@code route}: {@code {"role", "clearance", "prompt", "prompt_digest"?, "table",
 * "policy"?}} to the routing decision of that table: the strategy's facts ({@code routing_key} and its detail; for
 * the weighted strategy {@code slot}, {@code total_weight}, {@code pool}), then {@code router_selected_llm},
 * {@code reasoning_mode}, {@code backend_target}, {@code top_secret_internal_only}, {@code override}. A table may
 * name any strategy whose provider is on the class path ({@code docs/routing.md}). With a policy, the request is internal-only as the policy's
 * sensitivity decides it for that principal, the domains the policy detects in the prompt, and the prompt's
 * markings; without one, nothing is internal-only. {@code table} and {@code policy} are documents in their JSON
 * form; a command line tool may supply an application's when a line gives none. Stateless and thread-safe.
 */
final class RouteEvalOp implements EvalOp {

    @Override
    public String name() {
        return "route";
    }

    @Override
    public Map<String, ?> apply(Map<String, Object> input) {
        JsonTreeReader reader = JsonTreeReader.of(input);
        ObjectValue line = reader.root().object("role", "clearance", "prompt", "prompt_digest", "table", "policy");
        String role = line.required("role").string();
        String clearance = line.required("clearance").string();
        String prompt = line.required("prompt").string();
        String digest = line.optional("prompt_digest").string();
        line.required("table");
        reader.throwIfProblems(problems -> new InvalidInputException("invalid_input", JsonProblem.describe("", problems)));
        RoutingTable table;
        try {
            table = RoutingTable.fromTree(input.get("table"));
        } catch (InvalidPolicyException e) {
            throw new InvalidInputException("invalid_input", "/table: " + e.getMessage(), e);
        }
        Principal principal = Principal.of(role, clearance);
        SensitivityDecision sensitivity = SensitivityDecision.externalAllowed();
        if (input.get("policy") != null) {
            PolicyDocument policy;
            try {
                policy = PolicyDocument.fromTree(input.get("policy"), "/policy");
            } catch (PolicyValidationException e) {
                throw new InvalidInputException("invalid_policy", e.getMessage(), e);
            }
            // Each pass reads the whole prompt (up to a million characters): an abandoned line stops between them.
            Cancellation.checkpoint();
            List<String> domains = policy.domainRules().isEmpty() ? List.of()
                    : DomainDetector.create(policy).detect(prompt).domains();
            Cancellation.checkpoint();
            sensitivity = SensitivityAssessor.create(policy).assess(List.of(principal), domains, prompt);
        }
        Cancellation.checkpoint();
        return RoutingIndex.create(table).route(RoutingRequest.builder().principal(principal).prompt(prompt)
                .promptDigest(digest).internalOnly(sensitivity.internalOnly()).build()).toWire();
    }
}
