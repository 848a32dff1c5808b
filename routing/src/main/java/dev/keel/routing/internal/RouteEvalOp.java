package dev.keel.routing.internal;

import dev.keel.core.InvalidInputException;
import dev.keel.core.InvalidPolicyException;
import dev.keel.core.eval.EvalOp;
import dev.keel.core.json.JsonPointers;
import dev.keel.routing.RoutingIndex;
import dev.keel.routing.RoutingRequest;
import dev.keel.routing.RoutingTable;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code keel eval} operation {@code route}: {@code {"role", "clearance", "prompt", "prompt_digest"?, "table"}} to
 * the routing decision of that table ({@code scenario_tag}, {@code routing_key}, {@code n}, {@code index},
 * {@code router_selected_llm}, {@code reasoning_mode}, {@code backend_target}, {@code top_secret_internal_only},
 * {@code override}). {@code table} is a routing table in its JSON form; a command line tool may supply an
 * application's table when a line gives none. Stateless and thread-safe.
 */
public final class RouteEvalOp implements EvalOp {

    private static final Set<String> KEYS = Set.of("role", "clearance", "prompt", "prompt_digest", "table");

    @Override
    public String name() {
        return "route";
    }

    @Override
    public Map<String, ?> apply(Map<String, Object> input) {
        for (String key : input.keySet()) {
            if (!KEYS.contains(key)) {
                throw new InvalidInputException("invalid_input", JsonPointers.child(JsonPointers.ROOT, key)
                        + ": unknown field; expected " + String.join(", ", new TreeSet<>(KEYS)));
            }
        }
        RoutingRequest request = RoutingRequest.builder()
                .role(string(input, "role", true))
                .clearance(string(input, "clearance", true))
                .prompt(string(input, "prompt", true))
                .promptDigest(string(input, "prompt_digest", false))
                .build();
        return RoutingIndex.create(table(input.get("table"))).route(request).toWire();
    }

    private static RoutingTable table(Object tree) {
        if (tree == null) {
            throw new InvalidInputException("invalid_input", "/table: required, a routing table");
        }
        try {
            return RoutingTable.fromTree(tree);
        } catch (InvalidPolicyException e) {
            throw new InvalidInputException("invalid_input", "/table: " + e.getMessage(), e);
        }
    }

    private static String string(Map<String, Object> input, String key, boolean required) {
        Object value = input.get(key);
        if (value == null && !required) {
            return null;
        }
        if (!(value instanceof String)) {
            throw new InvalidInputException("invalid_input", "/" + key + ": " + (value == null ? "required, a string"
                    : "must be a string"));
        }
        return (String) value;
    }
}
