package dev.keel.routing;

import dev.keel.core.json.JsonProblem;
import java.util.List;
import java.util.function.Function;

/**
 * Reads the weighted strategy's {@code pools}, which are part of the library's own table format
 * ({@link RoutingTableFormat}). Stateless and thread-safe.
 */
final class WeightedStrategyProvider implements RoutingStrategyProvider {

    @Override
    public String name() {
        return RoutingStrategy.WEIGHTED;
    }

    @Override
    public RoutingStrategy read(Object table, Function<List<JsonProblem>, ? extends RuntimeException> failure) {
        return RoutingTableFormat.weighted(RoutingTableFormat.read(table, failure));
    }
}
