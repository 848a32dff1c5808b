package dev.keel.routing;

import dev.keel.core.json.DocumentFormat;
import dev.keel.core.json.JsonProblem;
import dev.keel.routing.RoutingTableSpec.OverrideSpec;
import dev.keel.routing.RoutingTableSpec.PoolSpec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The routing table's format: its JSON Schema ({@code dev/keel/routing/schema/routing-table.schema.json}) is the
 * validator, and a valid table binds to {@link RoutingTableSpec}; the rules across members that JSON Schema cannot
 * state (override names unique, one override per role) are the check below, run on the bound record. The weighted
 * strategy's {@code pools} are part of this format; a table that names another strategy is read here for its
 * common members ({@link #common}), and its provider reads the rest with a format of its own. Parts of a table given
 * in code are validated by the same schema, with the pointers they would have in a table. Pure and thread-safe.
 */
final class RoutingTableFormat {

    /** The schema on the class path, also shipped for editors. */
    static final String SCHEMA = "dev/keel/routing/schema/routing-table.schema.json";

    /** The members every table may have, whatever its strategy. */
    private static final Set<String> COMMON = Set.of("$schema", "strategy", "internal_backend_target", "overrides");

    private static final DocumentFormat<RoutingTableSpec> FORMAT = DocumentFormat.builder(RoutingTableSpec.class,
                    SCHEMA)
            .check(spec -> overrideProblems(spec.overrides()))
            .build();

    private RoutingTableFormat() {
    }

    /**
     * Reads a table given as a plain tree: the whole of a weighted one, the {@link #common} members of one that names
     * another strategy.
     *
     * @throws X what {@code failure} makes of every problem, sorted by pointer
     */
    static <X extends RuntimeException> RoutingTableSpec read(@Nullable Object tree,
            Function<List<JsonProblem>, X> failure) {
        return FORMAT.read(tree, "", failure);
    }

    /** The members of {@code tree} every table may have, when it is an object; the others are its strategy's. */
    static @Nullable Object common(@Nullable Object tree) {
        if (!(tree instanceof Map)) {
            return tree;
        }
        Map<Object, Object> common = new LinkedHashMap<>();
        ((Map<?, ?>) tree).forEach((key, value) -> {
            if (COMMON.contains(key)) {
                common.put(key, value);
            }
        });
        return common;
    }

    /** The table, or the part of it {@code spec} sets, in its wire format (members it does not set left out). */
    static Map<String, Object> write(RoutingTableSpec spec) {
        return FORMAT.write(spec);
    }

    /** Where the schema and {@link RoutingTableSpec} disagree on members; empty when they agree (a test holds them so). */
    static List<String> mismatches() {
        return FORMAT.mismatches();
    }

    /**
     * Every problem in a table built in code, as a table with these members would have them, sorted: the pools' and
     * overrides' members, the internal backend, then (once the overrides' members are valid) the overrides' names
     * and roles.
     */
    static List<JsonProblem> problems(List<WeightedPool> pools, @Nullable String internalBackendTarget,
            List<RoutingOverride> overrides) {
        List<JsonProblem> problems = new ArrayList<>();
        if (!pools.isEmpty()) {
            problems.addAll(FORMAT.problems(pools.stream().map(RoutingTableFormat::poolSpec).toList(),
                    "/properties/pools", "/pools"));
        }
        if (internalBackendTarget == null) {
            problems.add(new JsonProblem("/internal_backend_target", "is required"));
        } else {
            problems.addAll(FORMAT.problems(internalBackendTarget, "/properties/internal_backend_target",
                    "/internal_backend_target"));
        }
        List<OverrideSpec> specs = overrides.stream().map(RoutingTableFormat::overrideSpec).toList();
        List<JsonProblem> overrideProblems = FORMAT.problems(specs, "/properties/overrides", "/overrides");
        problems.addAll(overrideProblems.isEmpty() ? overrideProblems(specs) : overrideProblems);
        return sorted(problems);
    }

    /** The problems sorted by pointer, then message, each once: those of two readings of one table, say. */
    static List<JsonProblem> sorted(List<JsonProblem> problems) {
        List<JsonProblem> sorted = new ArrayList<>(new LinkedHashSet<>(problems));
        sorted.sort(Comparator.comparing(JsonProblem::pointer)
                .thenComparing(problem -> Objects.requireNonNullElse(problem.message(), "")));
        return List.copyOf(sorted);
    }

    /** The weighted strategy of a weighted table the schema accepted (which then has pools). */
    static WeightedStrategy weighted(RoutingTableSpec spec) {
        return new WeightedStrategy(Objects.requireNonNull(spec.pools(), "pools").stream()
                .map(pool -> new WeightedPool(pool.weight(), new PoolEntry(pool.routerSelectedLlm(),
                        pool.reasoningMode(), pool.backendTarget())))
                .toList());
    }

    /** The overrides of a table the schema accepted; none when it has none. */
    static List<RoutingOverride> overrides(RoutingTableSpec spec) {
        return spec.overrides() == null ? List.of() : spec.overrides().stream()
                .map(o -> new RoutingOverride(o.name(), o.role(),
                        new PoolEntry(o.routerSelectedLlm(), o.reasoningMode(), o.backendTarget())))
                .toList();
    }

    static PoolSpec poolSpec(WeightedPool pool) {
        PoolEntry entry = pool.entry();
        return new PoolSpec(pool.weight(), entry.routerSelectedLlm(), entry.reasoningMode(), entry.backendTarget());
    }

    /** An override as the table writes it. */
    static OverrideSpec overrideSpec(RoutingOverride override) {
        PoolEntry entry = override.entry();
        return new OverrideSpec(override.name(), override.role(), entry.routerSelectedLlm(), entry.reasoningMode(),
                entry.backendTarget());
    }

    // Overrides are found by name in the decision's record and by role when routing: each must be unambiguous.
    private static List<JsonProblem> overrideProblems(@Nullable List<OverrideSpec> overrides) {
        List<JsonProblem> problems = new ArrayList<>();
        Set<String> names = new HashSet<>();
        Set<String> roles = new HashSet<>();
        for (int i = 0; overrides != null && i < overrides.size(); i++) {
            OverrideSpec override = overrides.get(i);
            if (!names.add(override.name())) {
                problems.add(new JsonProblem("/overrides/" + i + "/name", "'" + override.name()
                        + "' is used by another override"));
            }
            if (!roles.add(override.role().strip().toLowerCase(Locale.ROOT))) {
                problems.add(new JsonProblem("/overrides/" + i + "/role", "role '" + override.role()
                        + "' already has an override"));
            }
        }
        return problems;
    }
}
