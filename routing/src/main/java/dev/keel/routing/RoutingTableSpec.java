package dev.keel.routing;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The routing table as its wire format binds it: one component per member of the JSON Schema
 * ({@code dev/keel/routing/schema/routing-table.schema.json}), which is what validates it ({@link RoutingTableFormat}).
 * Component names are the camelCase of the wire names; optional members are null when absent. {@code pools} are the
 * weighted strategy's; a table that names another strategy carries that strategy's members, which are its provider's
 * to read and are not bound here. Immutable once bound and thread-safe.
 *
 * @param internalBackendTarget required in a table; null only in a spec written for the strategy's members alone
 */
record RoutingTableSpec(
        @Nullable String strategy,
        @Nullable List<PoolSpec> pools,
        @Nullable String internalBackendTarget,
        @Nullable List<OverrideSpec> overrides) {

    /** One entry of {@code pools}: a weight and what the pool selects. */
    record PoolSpec(int weight, String routerSelectedLlm, String reasoningMode, String backendTarget) {
    }

    /** One entry of {@code overrides}: a name, the role and what the role's requests get instead. */
    record OverrideSpec(String name, String role, String routerSelectedLlm, String reasoningMode,
            String backendTarget) {
    }
}
