package dev.keel.eval;

import dev.keel.evidence.DiscoveryPlanBuilder;
import dev.keel.evidence.DiscoveryPlanInput;
import java.util.Map;

/**
 * {@code keel eval} op {@code discovery_plan}: the protocol's {@code BuildAssistantMcpDiscoveryPlanInput} in (camelCase
 * keys), the plan contract out, identical to the reference. Stateless; pure and thread-safe.
 */
final class DiscoveryPlanOp implements EvalOp {

    private final DiscoveryPlanBuilder builder = DiscoveryPlanBuilder.create();

    @Override
    public String name() {
        return "discovery_plan";
    }

    @Override
    public Map<String, ?> apply(Map<String, Object> input) {
        return builder.build(DiscoveryPlanInput.fromWire(input)).toWire();
    }
}
