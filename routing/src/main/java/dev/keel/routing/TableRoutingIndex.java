package dev.keel.routing;

import dev.keel.core.ReasonCodes;
import java.util.Objects;

/** {@link RoutingIndex} over a {@link RoutingTable}. Immutable and thread-safe. */
final class TableRoutingIndex implements RoutingIndex {

    private final RoutingTable table;

    TableRoutingIndex(RoutingTable table) {
        this.table = Objects.requireNonNull(table, "table");
    }

    @Override
    public RoutingTable table() {
        return table;
    }

    @Override
    public RoutingDecision route(RoutingRequest request) {
        RoutingStrategy.Selection selection = Objects.requireNonNull(table.strategy().select(request),
                "the routing strategy selected nothing");
        RoutingOverride override = table.overrides().isEmpty() ? null : table.overrideFor(request.role()).orElse(null);
        PoolEntry selected = override == null ? selection.entry() : override.entry();
        boolean internalOnly = request.internalOnly();
        String backendTarget = internalOnly ? table.internalBackendTarget() : selected.backendTarget();
        return new RoutingDecision(selection, selected, backendTarget, internalOnly,
                override == null ? null : override.name(),
                reasonCodes(selection.reasonCodes(), override != null, internalOnly));
    }

    private static ReasonCodes reasonCodes(ReasonCodes strategy, boolean overridden, boolean internalOnly) {
        if (!(overridden || internalOnly)) {
            return strategy;
        }
        ReasonCodes.Builder codes = ReasonCodes.builder();
        strategy.values().forEach(codes::add);
        if (overridden) {
            codes.add("routing_override");
        }
        if (internalOnly) {
            codes.add("internal_only");
        }
        return codes.build();
    }
}
