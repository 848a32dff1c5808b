package dev.keel.routing;

import dev.keel.core.json.DocumentFormat;
import dev.keel.core.json.JsonProblem;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A host's strategy as the tests provide it, listed in this module's test {@code META-INF/services}: {@code "fixed"}
 * sends every request to the entry its {@code fixed} member names. Its table is defined as a host would define it: a
 * schema of the whole table ({@code dev/keel/routing/fixed-table.schema.json}) and the record it binds to.
 */
public final class FixedStrategyProvider implements RoutingStrategyProvider {

    static final DocumentFormat<FixedTable> FORMAT = DocumentFormat.builder(FixedTable.class,
            "dev/keel/routing/fixed-table.schema.json").build();

    /** The fixed strategy's table; the common members are the library's to read. */
    record FixedTable(String strategy, PoolEntry fixed, String internalBackendTarget, List<Object> overrides) {
    }

    @Override
    public String name() {
        return "fixed";
    }

    @Override
    public RoutingStrategy read(Object table, Function<List<JsonProblem>, ? extends RuntimeException> failure) {
        return new Fixed(FORMAT.read(table, "", failure).fixed());
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
            return FORMAT.write(new FixedTable("fixed", entry, null, null));
        }
    }
}
