package dev.keel.routing;

import dev.keel.core.json.JsonTreeReader.ObjectValue;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Reads a {@link RoutingStrategy} from a routing table that names it: {@code {"strategy": "<name>", ...its members,
 * "internal_backend_target", "overrides"}}. A host's jar provides one through {@link java.util.ServiceLoader}
 * (a {@code META-INF/services/dev.keel.routing.RoutingStrategyProvider} file naming the class, which needs a public
 * no-argument constructor), or a host passes it in code ({@link RoutingStrategies#with}).
 *
 * <p>Implementations are stateless and thread-safe.
 */
public interface RoutingStrategyProvider {

    /** The name a table gives as {@code "strategy"}: a non-blank word, unique among the providers in use. */
    String name();

    /**
     * The table members this strategy reads, besides {@code strategy}, {@code internal_backend_target},
     * {@code overrides} and {@code $schema}; the table refuses any other.
     */
    Set<String> keys();

    /**
     * The strategy the table's members configure. Problems are recorded on the values read (their conversions
     * record them, {@link dev.keel.core.json.JsonTreeReader.Value#problem} adds one), each at its JSON pointer,
     * so that the table names every problem at once.
     *
     * @return the strategy, or null when a problem was recorded
     */
    @Nullable RoutingStrategy read(ObjectValue table);
}
