package dev.keel.routing;

import dev.keel.core.InvalidPolicyException;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.json.JsonProblem;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The configuration of a {@link RoutingIndex}: the {@link RoutingStrategy} that picks a pool entry per request
 * (weighted pools unless the table names another), the backend the internal-only safeguard forces, and per-role
 * overrides. Its JSON form and schema ({@code dev/keel/routing/schema/routing-table.schema.json} in this jar) are
 * described in {@code docs/routing.md}; the schema is what validates a table.
 *
 * <p>Building or reading an invalid table fails with an {@link InvalidPolicyException} naming every problem by
 * JSON pointer. Immutable and thread-safe.
 */
public final class RoutingTable {

    private final RoutingStrategy strategy;
    private final String internalBackendTarget;
    private final List<RoutingOverride> overrides;

    private RoutingTable(RoutingStrategy strategy, String internalBackendTarget, List<RoutingOverride> overrides) {
        this.strategy = strategy;
        this.internalBackendTarget = internalBackendTarget;
        this.overrides = List.copyOf(overrides);
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * Reads a table from JSON. A table that names a strategy other than {@value RoutingStrategy#WEIGHTED} finds it
     * among the providers on the class path ({@link RoutingStrategies#discover()}).
     *
     * @throws dev.keel.core.WireFormatException when {@code json} is not strict JSON
     * @throws InvalidPolicyException            when it is not a valid routing table
     */
    public static RoutingTable parse(String json) {
        return fromTree(JsonCodec.strict().parse(json));
    }

    /** As {@link #parse(String)}, naming the strategies a table may use. */
    public static RoutingTable parse(String json, RoutingStrategies strategies) {
        return fromTree(JsonCodec.strict().parse(json), strategies);
    }

    /** As {@link #parse(String)}, from a plain JSON tree (as {@link JsonCodec#parse} gives). */
    public static RoutingTable fromTree(@Nullable Object tree) {
        return fromTree(tree, null);
    }

    /**
     * Reads a table from a plain JSON tree: every problem at once, each by its JSON pointer. The table's schema checks
     * its structure (the whole of a weighted table; the common members of one that names another strategy, whose
     * provider checks the rest), then the overrides' names and roles are checked.
     *
     * @param strategies the strategies the table may name; null for {@link RoutingStrategies#discover()}, which
     *                   is only consulted when the table names one other than {@value RoutingStrategy#WEIGHTED}
     * @throws InvalidPolicyException naming the JSON pointer of every problem
     */
    public static RoutingTable fromTree(@Nullable Object tree, @Nullable RoutingStrategies strategies) {
        Object named = tree instanceof Map<?, ?> map && map.containsKey("strategy") ? map.get("strategy")
                : RoutingStrategy.WEIGHTED;
        boolean weighted = RoutingStrategy.WEIGHTED.equals(named);
        List<JsonProblem> problems = new ArrayList<>();
        RoutingTableSpec spec = collect(problems, failure -> RoutingTableFormat.read(weighted ? tree
                : RoutingTableFormat.common(tree), failure));
        RoutingStrategy strategy = null;
        if (tree != null && named instanceof String name && problems.stream().noneMatch(p -> p.pointer().equals("/strategy"))) {
            RoutingStrategies known = strategies != null ? strategies
                    : weighted ? RoutingStrategies.builtIn() : RoutingStrategies.discover();
            Optional<RoutingStrategyProvider> provider = known.find(name);
            if (provider.isPresent()) {
                strategy = collect(problems, failure -> provider.get().read(tree, failure));
            } else {
                problems.add(new JsonProblem("/strategy", "unknown strategy '" + name + "'; known: "
                        + String.join(", ", known.names())));
            }
        }
        if (!problems.isEmpty()) {
            throw new InvalidPolicyException(JsonProblem.describe("invalid routing table",
                    RoutingTableFormat.sorted(problems)));
        }
        // No problem: the schema required the internal backend, and the provider read its strategy.
        return new RoutingTable(Objects.requireNonNull(strategy, "the strategy's provider read none"),
                Objects.requireNonNull(Objects.requireNonNull(spec).internalBackendTarget()),
                RoutingTableFormat.overrides(spec));
    }

    /** What {@code read} returns, or null after adding the problems it threw to {@code problems}. */
    private static <T> @Nullable T collect(List<JsonProblem> problems,
            Function<Function<List<JsonProblem>, InvalidTable>, T> read) {
        try {
            return read.apply(InvalidTable::new);
        } catch (InvalidTable e) {
            problems.addAll(e.problems);
            return null;
        }
    }

    /** A table's problems, kept as values while the library and the strategy each read it. */
    private static final class InvalidTable extends InvalidPolicyException {
        private static final long serialVersionUID = 1L;

        private final transient List<JsonProblem> problems;

        InvalidTable(List<JsonProblem> problems) {
            super(JsonProblem.describe("invalid routing table", problems));
            this.problems = List.copyOf(problems);
        }
    }

    /** The strategy that picks a pool entry per request. */
    public RoutingStrategy strategy() {
        return strategy;
    }

    /** Every entry the strategy may select ({@link RoutingStrategy#entries()}); overrides not included. */
    public List<PoolEntry> entries() {
        return strategy.entries();
    }

    /** The {@code backend_target} the internal-only safeguard forces. */
    public String internalBackendTarget() {
        return internalBackendTarget;
    }

    public List<RoutingOverride> overrides() {
        return overrides;
    }

    /** The override for {@code role}, compared ignoring case and surrounding white space. */
    public Optional<RoutingOverride> overrideFor(String role) {
        for (RoutingOverride override : overrides) {
            if (override.role().strip().equalsIgnoreCase(role.strip())) {
                return Optional.of(override);
            }
        }
        return Optional.empty();
    }

    /** A builder holding this table, to derive another (for example with an override). */
    public Builder toBuilder() {
        Builder builder = builder().strategy(strategy).internalBackendTarget(internalBackendTarget);
        overrides.forEach(builder::override);
        return builder;
    }

    /**
     * The JSON form: the strategy's members ({@link RoutingStrategy#toTree()}), then
     * {@code internal_backend_target} and the overrides.
     */
    public Map<String, Object> toTree() {
        Map<String, Object> tree = new LinkedHashMap<>(strategy.toTree());
        tree.putAll(RoutingTableFormat.write(new RoutingTableSpec(null, null, internalBackendTarget,
                overrides.isEmpty() ? null : overrides.stream().map(RoutingTableFormat::overrideSpec).toList())));
        return tree;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof RoutingTable that && strategy.equals(that.strategy)
                && internalBackendTarget.equals(that.internalBackendTarget) && overrides.equals(that.overrides);
    }

    @Override
    public int hashCode() {
        return Objects.hash(strategy, internalBackendTarget, overrides);
    }

    @Override
    public String toString() {
        return "RoutingTable{strategy=" + strategy + ", internal_backend_target=" + internalBackendTarget
                + ", overrides=" + overrides + "}";
    }

    /**
     * Assembles a table: weighted pools ({@link #pool}) or another strategy ({@link #strategy}), the internal
     * backend, overrides; {@link #build()} checks it. Not thread-safe.
     */
    public static final class Builder {
        private final List<WeightedPool> pools = new ArrayList<>();
        private @Nullable RoutingStrategy strategy;
        private @Nullable String internalBackendTarget;
        private final List<RoutingOverride> overrides = new ArrayList<>();

        private Builder() {
        }

        /** A pool of the weighted strategy: {@code entry}, chosen for about weight / total weight of requests. */
        public Builder pool(int weight, PoolEntry entry) {
            pools.add(new WeightedPool(weight, entry));
            return this;
        }

        /** The strategy, instead of weighted pools. */
        public Builder strategy(RoutingStrategy strategy) {
            this.strategy = Objects.requireNonNull(strategy, "strategy");
            return this;
        }

        /** The {@code backend_target} the internal-only safeguard forces, for example {@code internal}. */
        public Builder internalBackendTarget(String target) {
            this.internalBackendTarget = target;
            return this;
        }

        public Builder override(RoutingOverride override) {
            overrides.add(Objects.requireNonNull(override, "override"));
            return this;
        }

        /**
         * Checks the table as a table with these members would be checked (the pools' and overrides' members, the
         * internal backend, the overrides' names and roles), and that it has either pools or another strategy.
         *
         * @throws InvalidPolicyException naming every problem by the JSON pointer it would have in a table
         */
        public RoutingTable build() {
            List<JsonProblem> problems = new ArrayList<>(RoutingTableFormat.problems(pools, internalBackendTarget,
                    overrides));
            if (strategy != null && !pools.isEmpty()) {
                problems.add(new JsonProblem("/pools", "a table has either weighted pools or another strategy, not both"));
            } else if (strategy == null && pools.isEmpty()) {
                problems.add(new JsonProblem("/pools", "is required: at least one pool"));
            }
            if (!problems.isEmpty()) {
                throw new InvalidPolicyException(JsonProblem.describe("invalid routing table",
                        RoutingTableFormat.sorted(problems)));
            }
            // A missing internal backend was reported above, so the build never gets here without one.
            return new RoutingTable(strategy != null ? strategy : RoutingStrategy.weighted(pools),
                    Objects.requireNonNull(internalBackendTarget), overrides);
        }
    }
}
