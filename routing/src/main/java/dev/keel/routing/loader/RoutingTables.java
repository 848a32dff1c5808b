package dev.keel.routing.loader;

import dev.keel.core.io.TextSources;
import dev.keel.routing.RoutingStrategies;
import dev.keel.routing.RoutingTable;
import java.nio.file.Path;

/**
 * Reads routing tables from files and class-path resources (UTF-8 JSON). The one place in the routing module that
 * does I/O; every table it returns is validated and immutable. Stateless and thread-safe.
 */
public final class RoutingTables {

    private RoutingTables() {
    }

    /**
     * Reads a table from a JSON file; a strategy it names is found as {@link RoutingTable#parse(String)} finds it.
     *
     * @throws dev.keel.core.ConfigurationException when the file cannot be read
     * @throws dev.keel.core.WireFormatException    when it is not UTF-8 or not strict JSON
     * @throws dev.keel.core.InvalidPolicyException when it is not a valid routing table
     */
    public static RoutingTable read(Path file) {
        return RoutingTable.parse(TextSources.read(file));
    }

    /** As {@link #read(Path)}, with the strategies the table may name. */
    public static RoutingTable read(Path file, RoutingStrategies strategies) {
        return RoutingTable.parse(TextSources.read(file), strategies);
    }

    /**
     * As {@link #read(Path)}, from a class-path resource (no leading {@code /}) of {@code loader}, with the
     * strategies that {@code loader} provides ({@link RoutingStrategies#discover(ClassLoader)}).
     */
    public static RoutingTable readResource(ClassLoader loader, String resource) {
        return readResource(loader, resource, RoutingStrategies.discover(loader));
    }

    /** As {@link #readResource(ClassLoader, String)}, with the strategies the table may name. */
    public static RoutingTable readResource(ClassLoader loader, String resource, RoutingStrategies strategies) {
        return RoutingTable.parse(TextSources.readResource(loader, resource), strategies);
    }
}
