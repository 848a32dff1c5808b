package dev.keel.routing;

import dev.keel.core.InvalidPolicyException;
import java.util.Objects;

/**
 * One pool of the weighted strategy ({@link RoutingStrategy#weighted}): an entry and its share of requests, in
 * proportion to its weight among the table's pools. Immutable and thread-safe.
 *
 * @param weight from 1 to {@value #MAX_WEIGHT}
 * @param entry  what the pool selects
 */
public record WeightedPool(int weight, PoolEntry entry) {

    /** The largest weight a pool may have. */
    public static final int MAX_WEIGHT = 1_000_000;

    /** @throws InvalidPolicyException when the weight is not from 1 to {@value #MAX_WEIGHT} */
    public WeightedPool {
        Objects.requireNonNull(entry, "entry");
        if (weight < 1 || weight > MAX_WEIGHT) {
            throw new InvalidPolicyException("a pool's weight must be from 1 to " + MAX_WEIGHT + ", found " + weight);
        }
    }
}
