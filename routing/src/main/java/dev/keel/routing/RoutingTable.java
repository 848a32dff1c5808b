package dev.keel.routing;

import dev.keel.core.InvalidPolicyException;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.json.JsonProblem;
import dev.keel.core.json.JsonTreeReader;
import dev.keel.core.json.JsonTreeReader.ObjectValue;
import dev.keel.core.json.JsonTreeReader.Value;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The configuration of a {@link RoutingIndex}: the {@link RoutingStrategy} that picks a pool entry per request
 * (weighted pools unless the table names another), the backend the internal-only safeguard forces, and per-role
 * overrides. Its JSON form and schema ({@code dev/keel/routing/schema/routing-table.schema.json} in this jar) are
 * described in {@code docs/routing.md}.
 *
 * <p>Building or reading an invalid table fails with an {@link InvalidPolicyException} naming every problem by
 * JSON pointer. Immutable and thread-safe.
 */
public final class RoutingTable {

    /** The members every table may have, whatever its strategy. */
    private static final Set<String> COMMON_KEYS = Set.of("strategy", "internal_backend_target", "overrides");

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
        return fromTree(Objects.requireNonNull(JsonCodec.strict().parse(json), "a routing table, not null"));
    }

    /** As {@link #parse(String)}, naming the strategies a table may use. */
    public static RoutingTable parse(String json, RoutingStrategies strategies) {
        return fromTree(Objects.requireNonNull(JsonCodec.strict().parse(json), "a routing table, not null"),
                strategies);
    }

    /** As {@link #parse(String)}, from a plain JSON tree (as {@link JsonCodec#parse} gives). */
    public static RoutingTable fromTree(Object tree) {
        return fromTree(tree, null);
    }

    /**
     * Reads a table from a plain JSON tree. The structure is checked first, every problem at once; then, when it
     * holds, what {@link Builder#build()} checks (override names and roles).
     *
     * @param strategies the strategies the table may name; null for {@link RoutingStrategies#discover()}, which
     *                   is only consulted when the table names one other than {@value RoutingStrategy#WEIGHTED}
     * @throws InvalidPolicyException naming the JSON pointer of every problem
     */
    public static RoutingTable fromTree(Object tree, @Nullable RoutingStrategies strategies) {
        return JsonTreeReader.read(tree, root -> read(root, strategies),
                problems -> new InvalidPolicyException(JsonProblem.describe("invalid routing table", problems)))
                .build();
    }

    private static Builder read(Value root, @Nullable RoutingStrategies strategies) {
        ObjectValue table = root.anyObject();
        Builder builder = builder();
        Value strategyName = table.optional("strategy");
        String name = strategyName.isPresent() ? strategyName.nonBlankString() : RoutingStrategy.WEIGHTED;
        RoutingStrategyProvider provider = null;
        if (name != null) {
            RoutingStrategies known = strategies != null ? strategies
                    : RoutingStrategy.WEIGHTED.equals(name) ? RoutingStrategies.builtIn() : RoutingStrategies.discover();
            provider = known.find(name).orElse(null);
            if (provider == null) {
                strategyName.problem("unknown strategy '" + name + "'; known: " + String.join(", ", known.names()));
            }
        }
        if (provider != null) {
            Set<String> keys = new LinkedHashSet<>(COMMON_KEYS);
            keys.addAll(provider.keys());
            table.only(keys);
            RoutingStrategy strategy = provider.read(table);
            if (strategy != null) {
                builder.strategy(strategy);
            }
        }
        builder.internalBackendTarget(table.required("internal_backend_target").nonBlankString());
        for (Value item : table.optional("overrides").items()) {
            ObjectValue override = item.object("name", "role", "router_selected_llm", "reasoning_mode",
                    "backend_target");
            String overrideName = override.required("name").nonBlankString();
            String role = override.required("role").nonBlankString();
            PoolEntry entry = PoolEntry.read(override);
            if (overrideName != null && role != null && entry != null) {
                builder.override(new RoutingOverride(overrideName, role, entry));
            }
        }
        return builder;
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
        tree.put("internal_backend_target", internalBackendTarget);
        if (!overrides.isEmpty()) {
            List<Object> list = new ArrayList<>();
            for (RoutingOverride override : overrides) {
                Map<String, Object> item = new LinkedHashMap<>();
                item.put("name", override.name());
                item.put("role", override.role());
                item.putAll(override.entry().toWire());
                list.add(item);
            }
            tree.put("overrides", list);
        }
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

        /** @throws InvalidPolicyException naming every problem */
        public RoutingTable build() {
            List<String> all = new ArrayList<>();
            if (strategy != null && !pools.isEmpty()) {
                all.add("/pools: a table has either weighted pools or another strategy, not both");
            } else if (strategy == null && pools.isEmpty()) {
                all.add("/pools: required, at least one pool");
            }
            for (int p = 0; p < pools.size(); p++) {
                checkEntry(pools.get(p).entry(), "/pools/" + p, all);
            }
            if (internalBackendTarget == null || internalBackendTarget.isBlank()) {
                all.add("/internal_backend_target: required, a non-blank string");
            }
            Set<String> names = new HashSet<>();
            Set<String> roles = new HashSet<>();
            for (int o = 0; o < overrides.size(); o++) {
                RoutingOverride override = overrides.get(o);
                String pointer = "/overrides/" + o;
                if (override.name().isBlank()) {
                    all.add(pointer + "/name: must not be blank");
                } else if (!names.add(override.name())) {
                    all.add(pointer + "/name: '" + override.name() + "' is used by another override");
                }
                if (override.role().isBlank()) {
                    all.add(pointer + "/role: must not be blank");
                } else if (!roles.add(override.role().strip().toLowerCase(Locale.ROOT))) {
                    all.add(pointer + "/role: role '" + override.role() + "' already has an override");
                }
                checkEntry(override.entry(), pointer, all);
            }
            if (!all.isEmpty()) {
                throw new InvalidPolicyException("invalid routing table: " + String.join("; ", all));
            }
            // A blank or missing internal backend was reported above, so the build never gets here without one.
            return new RoutingTable(strategy != null ? strategy : RoutingStrategy.weighted(pools),
                    Objects.requireNonNull(internalBackendTarget), overrides);
        }

        private static void checkEntry(PoolEntry entry, String where, List<String> problems) {
            if (entry.routerSelectedLlm().isBlank() || entry.reasoningMode().isBlank() || entry.backendTarget().isBlank()) {
                problems.add(where + ": router_selected_llm, reasoning_mode and backend_target must not be blank");
            }
        }
    }
}
