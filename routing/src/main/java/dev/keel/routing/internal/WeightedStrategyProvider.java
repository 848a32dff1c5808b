package dev.keel.routing.internal;

import dev.keel.core.json.JsonTreeReader.ObjectValue;
import dev.keel.core.json.JsonTreeReader.Value;
import dev.keel.routing.PoolEntry;
import dev.keel.routing.RoutingStrategy;
import dev.keel.routing.RoutingStrategyProvider;
import dev.keel.routing.WeightedPool;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Reads the weighted strategy's {@code pools}. Stateless and thread-safe. */
public final class WeightedStrategyProvider implements RoutingStrategyProvider {

    @Override
    public String name() {
        return RoutingStrategy.WEIGHTED;
    }

    @Override
    public Set<String> keys() {
        return Set.of("pools");
    }

    @Override
    public RoutingStrategy read(ObjectValue table) {
        Value poolsValue = table.required("pools");
        List<WeightedPool> pools = new ArrayList<>();
        List<Value> items = poolsValue.items();
        if (poolsValue.isPresent() && poolsValue.raw() instanceof List && items.isEmpty()) {
            poolsValue.problem("must hold at least one pool");
        }
        for (Value item : items) {
            ObjectValue pool = item.object("weight", "router_selected_llm", "reasoning_mode", "backend_target");
            Integer weight = pool.required("weight").integer(1, WeightedPool.MAX_WEIGHT);
            PoolEntry entry = entry(pool);
            if (weight != null && entry != null) {
                pools.add(new WeightedPool(weight, entry));
            }
        }
        return pools.isEmpty() ? null : new WeightedStrategy(pools);
    }

    /** The entry named by the members of a pool or an override; null when one is missing or wrong. */
    public static PoolEntry entry(ObjectValue object) {
        String llm = object.required("router_selected_llm").nonBlankString();
        String mode = object.required("reasoning_mode").nonBlankString();
        String target = object.required("backend_target").nonBlankString();
        return llm == null || mode == null || target == null ? null : new PoolEntry(llm, mode, target);
    }
}
