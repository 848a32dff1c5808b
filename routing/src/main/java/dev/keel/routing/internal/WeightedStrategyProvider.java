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
import org.jspecify.annotations.Nullable;

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
    public @Nullable RoutingStrategy read(ObjectValue table) {
        Value poolsValue = table.required("pools");
        List<WeightedPool> pools = new ArrayList<>();
        List<Value> items = poolsValue.items();
        if (poolsValue.isPresent() && poolsValue.raw() instanceof List && items.isEmpty()) {
            poolsValue.problem("must hold at least one pool");
        }
        for (Value item : items) {
            ObjectValue pool = item.object("weight", "router_selected_llm", "reasoning_mode", "backend_target");
            Integer weight = pool.required("weight").integer(1, WeightedPool.MAX_WEIGHT);
            PoolEntry entry = PoolEntry.read(pool);
            if (weight != null && entry != null) {
                pools.add(new WeightedPool(weight, entry));
            }
        }
        return pools.isEmpty() ? null : new WeightedStrategy(pools);
    }
}
