package dev.keel.examples.marp.routing;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.keel.routing.PoolEntry;
import java.util.List;
import java.util.Map;

/**
 * The MARP routing table as its wire format binds it: one component per member of its JSON Schema
 * ({@code dev/keel/examples/marp/schema/marp-routing-table.schema.json}), which is what validates it
 * ({@link LengthModTenStrategyProvider}). {@code internal_backend_target} and {@code overrides} are the library's to
 * read, so they are bound here only as the schema gives them. Optional members are null when absent. Not changed once
 * bound; thread-safe.
 */
record MarpRoutingTableSpec(
        String strategy,
        List<Pool> pools,
        ScenarioTag scenarioTag,
        String internalBackendTarget,
        List<Map<String, Object>> overrides) {

    /** One entry of {@code pools}: the indexes it owns and what they select. */
    record Pool(List<Integer> indexes, String routerSelectedLlm, String reasoningMode, String backendTarget) {

        PoolEntry entry() {
            return new PoolEntry(routerSelectedLlm, reasoningMode, backendTarget);
        }
    }

    /** {@code scenario_tag}: how the routing key's scenario tag is read. */
    record ScenarioTag(String keyword, List<String> tags, @JsonProperty("default") String defaultTag) {
    }
}
