package dev.keel.routing;

import dev.keel.core.ConfigurationException;
import dev.keel.core.ReasonCodes;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * How a {@link RoutingIndex} picks a pool entry for a request: the part of routing a table configures. The index
 * applies the per-role overrides and the internal-only safeguard over whatever the strategy picks, so a strategy
 * never decides where an internal-only request goes.
 *
 * <p>The library's strategy is {@link #weighted(List)}: weighted pools chosen by a stable hash of the routing key
 * ({@code docs/routing.md}). A host adds its own by implementing this interface and, for tables in JSON, a
 * {@link RoutingStrategyProvider} that a table names with {@code "strategy"}.
 *
 * <p>Implementations must be pure and thread-safe: the same request always gets the same {@link Selection}, so
 * that any decision can be replayed from its facts. One abstract method; what grows, grows as default methods.
 */
@FunctionalInterface
public interface RoutingStrategy {

    /** The built-in strategy's name, which a table may give as {@code "strategy"} or leave out. */
    String WEIGHTED = "weighted";

    /** The entry for {@code request}, with the facts that replay the choice. */
    Selection select(RoutingRequest request);

    /**
     * Every entry this strategy may select, so that a host can check that each names a configured backend before
     * the first request. Empty unless the strategy lists them.
     */
    default List<PoolEntry> entries() {
        return List.of();
    }

    /**
     * The members of the routing table's JSON form that configure this strategy: {@code "strategy"} with the name
     * its {@link RoutingStrategyProvider} reads, and the provider's own members. Empty for a strategy configured in
     * code only; such a table cannot be written out and read back.
     */
    default Map<String, Object> toTree() {
        return Map.of();
    }

    /**
     * The library's strategy: pools chosen in proportion to their weights by a stable hash of the routing key
     * {@code "<role>|<clearance>|<prompt_digest>"}. The slot is the first 8 bytes of the SHA-256 of the key's
     * UTF-8, read as an unsigned big-endian number, modulo the total weight; the pools, in order, own consecutive
     * ranges of slots as wide as their weights. Described in {@code docs/routing.md}.
     *
     * @throws dev.keel.core.InvalidPolicyException when {@code pools} is empty
     */
    static RoutingStrategy weighted(List<WeightedPool> pools) {
        return new WeightedStrategy(pools);
    }

    /**
     * What a strategy picked for one request: the entry, and the facts that replay the choice.
     *
     * <p>{@code facts} is an ordered map of JSON values: the {@code routing_key} the choice was computed from, and
     * the strategy's own detail (the weighted strategy's {@code slot}, {@code total_weight} and {@code pool}). A
     * routing decision's wire form lists them in this order before the generic fields, so none of them may carry
     * a generic field's name ({@link #GENERIC_FIELDS}). Immutable and thread-safe.
     *
     * @param entry       what the strategy selected, before overrides and the internal-only safeguard
     * @param facts       {@code routing_key} and the strategy's detail, in the order the wire form lists them
     * @param reasonCodes what the strategy noticed (a host strategy's own codes); usually empty
     */
    record Selection(PoolEntry entry, Map<String, Object> facts, ReasonCodes reasonCodes) {

        /** The fact naming the key a choice was computed from. */
        public static final String ROUTING_KEY = "routing_key";
        /** The fields a routing decision adds after a strategy's facts. */
        public static final Set<String> GENERIC_FIELDS = Set.of("router_selected_llm", "reasoning_mode",
                "backend_target", "top_secret_internal_only", "override");

        /**
         * @throws ConfigurationException when {@code facts} has no string {@value #ROUTING_KEY} or uses a generic
         *         field's name
         */
        public Selection {
            Objects.requireNonNull(entry, "entry");
            Objects.requireNonNull(reasonCodes, "reasonCodes");
            if (!(facts.get(ROUTING_KEY) instanceof String)) {
                throw new ConfigurationException("a selection's facts must give the routing_key as a string");
            }
            for (String name : facts.keySet()) {
                if (GENERIC_FIELDS.contains(name)) {
                    throw new ConfigurationException("a selection's facts must not use the name '" + name + "'");
                }
            }
            facts = Collections.unmodifiableMap(new LinkedHashMap<>(facts));
        }

        /** {@code routing_key} first, then {@code detail} in its order; no reason codes. */
        public static Selection of(PoolEntry entry, String routingKey, Map<String, Object> detail) {
            Map<String, Object> facts = new LinkedHashMap<>();
            facts.put(ROUTING_KEY, Objects.requireNonNull(routingKey, "routingKey"));
            facts.putAll(detail);
            return new Selection(entry, facts, ReasonCodes.empty());
        }

        /** The key the choice was computed from. */
        public String routingKey() {
            return (String) Objects.requireNonNull(facts.get(ROUTING_KEY));
        }

        /** The facts without the routing key, in order: what a record may keep when the key is too revealing. */
        public Map<String, Object> detail() {
            Map<String, Object> detail = new LinkedHashMap<>(facts);
            detail.remove(ROUTING_KEY);
            return Collections.unmodifiableMap(detail);
        }
    }
}
