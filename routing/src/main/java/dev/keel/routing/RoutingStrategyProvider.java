package dev.keel.routing;

import dev.keel.core.json.JsonProblem;
import java.util.List;
import java.util.function.Function;

/**
 * Reads a {@link RoutingStrategy} from a routing table that names it: {@code {"strategy": "<name>", ...its members,
 * "internal_backend_target", "overrides"}}. A host's jar provides one through {@link java.util.ServiceLoader}
 * (a {@code META-INF/services/dev.keel.routing.RoutingStrategyProvider} file naming the class, which needs a public
 * no-argument constructor), or a host passes it in code ({@link RoutingStrategies#with}).
 *
 * <p>A strategy's members are defined once, as the library's own formats are: a JSON Schema shipped in the
 * provider's jar, describing the whole table of that strategy (so that an editor checks such a table against it, and
 * so that it refuses members it does not know), and a record a valid table binds to, held together by a
 * {@link dev.keel.core.json.DocumentFormat}:
 *
 * <pre>{@code
 * static final DocumentFormat<MyTable> FORMAT = DocumentFormat.builder(MyTable.class, "com/example/my-table.schema.json")
 *         .check(table -> crossMemberProblems(table))    // what JSON Schema cannot state, by pointer
 *         .build();
 *
 * public RoutingStrategy read(Object table, Function<List<JsonProblem>, ? extends RuntimeException> failure) {
 *     return new MyStrategy(FORMAT.read(table, "", failure));
 * }
 * }</pre>
 *
 * <p>Implementations are stateless and thread-safe.
 */
public interface RoutingStrategyProvider {

    /** The name a table gives as {@code "strategy"}: a non-blank word, unique among the providers in use. */
    String name();

    /**
     * The strategy the table configures. {@code table} is the whole table, as a plain JSON tree
     * ({@link dev.keel.core.json.JsonCodec#parse} gives one): the strategy's members and the common ones
     * ({@code strategy}, {@code internal_backend_target}, {@code overrides}, {@code $schema}), which the library reads
     * and checks too; a problem both find is reported once.
     *
     * @param failure makes the exception to throw of the problems found, each with its JSON pointer from the table's
     *                root ({@code DocumentFormat.read} takes it as it is), so that the table names them all at once
     *                with its own
     * @throws RuntimeException what {@code failure} makes, when the table does not configure the strategy
     */
    RoutingStrategy read(Object table, Function<List<JsonProblem>, ? extends RuntimeException> failure);
}
