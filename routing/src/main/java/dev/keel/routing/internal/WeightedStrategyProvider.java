package dev.keel.routing.internal;

import dev.keel.core.json.JsonProblem;
import dev.keel.routing.RoutingStrategy;
import dev.keel.routing.RoutingStrategyProvider;
import java.util.List;
import java.util.function.Function;

/**
 * Reads the weighted strategy's {@code pools}, which are part of the library's own table format
 * ({@link RoutingTableFormat}). Stateless and thread-safe.
 */
public final class WeightedStrategyProvider implements RoutingStrategyProvider {

    @Override
    public String name() {
        return RoutingStrategy.WEIGHTED;
    }

    @Override
    public RoutingStrategy read(Object table, Function<List<JsonProblem>, ? extends RuntimeException> failure) {
        return RoutingTableFormat.weighted(RoutingTableFormat.read(table, failure));
    }
}
