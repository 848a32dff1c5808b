package dev.keel.routing;

import dev.keel.core.json.JsonTreeReader.ObjectValue;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A host's strategy as the tests provide it, listed in this module's test {@code META-INF/services}: {@code "fixed"}
 * sends every request to the entry its {@code fixed} member names.
 */
public final class FixedStrategyProvider implements RoutingStrategyProvider {

    @Override
    public String name() {
        return "fixed";
    }

    @Override
    public Set<String> keys() {
        return Set.of("fixed");
    }

    @Override
    public RoutingStrategy read(ObjectValue table) {
        ObjectValue fixed = table.required("fixed").object("router_selected_llm", "reasoning_mode", "backend_target");
        String llm = fixed.required("router_selected_llm").nonBlankString();
        String mode = fixed.required("reasoning_mode").nonBlankString();
        String target = fixed.required("backend_target").nonBlankString();
        return llm == null || mode == null || target == null ? null : new Fixed(new PoolEntry(llm, mode, target));
    }

    record Fixed(PoolEntry entry) implements RoutingStrategy {
        @Override
        public Selection select(RoutingRequest request) {
            return Selection.of(entry, request.role(), Map.of());
        }

        @Override
        public List<PoolEntry> entries() {
            return List.of(entry);
        }

        @Override
        public Map<String, Object> toTree() {
            return Map.of("strategy", "fixed", "fixed", entry.toWire());
        }
    }
}
