package dev.keel.routing;

import dev.keel.core.InvalidPolicyException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The library's routing strategy ({@link RoutingStrategy#weighted}): key {@code "<role>|<clearance>|<digest>"},
 * slot = the first 8 bytes of SHA-256 of the key's UTF-8 as an unsigned number, modulo the total weight; pool i
 * owns the slots from the sum of the weights before it, up to that sum plus its weight. Immutable, pure and
 * thread-safe.
 */
final class WeightedStrategy implements RoutingStrategy {

    private final List<WeightedPool> pools;
    /** ends[i]: the first slot after pool i's. */
    private final long[] ends;

    WeightedStrategy(List<WeightedPool> pools) {
        this.pools = List.copyOf(pools);
        if (this.pools.isEmpty()) {
            throw new InvalidPolicyException("the weighted strategy needs at least one pool");
        }
        ends = new long[this.pools.size()];
        long end = 0;
        for (int i = 0; i < ends.length; i++) {
            end += this.pools.get(i).weight();
            ends[i] = end;
        }
    }

    /** The pools, in order. */
    List<WeightedPool> pools() {
        return pools;
    }

    @Override
    public Selection select(RoutingRequest request) {
        String digest = request.promptDigest().orElseGet(() -> PromptSignals.digest(request.prompt()));
        String key = request.role() + "|" + request.clearance() + "|" + digest;
        long total = ends[ends.length - 1];
        long slot = Long.remainderUnsigned(hash(key), total);
        int pool = 0;
        while (slot >= ends[pool]) {
            pool++;
        }
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("slot", slot);
        detail.put("total_weight", total);
        detail.put("pool", pool);
        return Selection.of(pools.get(pool).entry(), key, detail);
    }

    /**
     * The first 8 bytes of the SHA-256 of {@code key} in UTF-8, big-endian, as the bits of a long (read it as
     * unsigned). An unpaired surrogate is encoded as {@code ?}, as {@link String#getBytes} does.
     */
    static long hash(String key) {
        byte[] sha;
        try {
            sha = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            // Every Java platform has SHA-256.
            throw new IllegalStateException(e);
        }
        long hash = 0;
        for (int i = 0; i < Long.BYTES; i++) {
            hash = hash << 8 | (sha[i] & 0xFF);
        }
        return hash;
    }

    @Override
    public List<PoolEntry> entries() {
        return pools.stream().map(WeightedPool::entry).distinct().toList();
    }

    /** {@code pools}, written by the table's format. */
    @Override
    public Map<String, Object> toTree() {
        return Collections.unmodifiableMap(RoutingTableFormat.write(new RoutingTableSpec(null,
                pools.stream().map(RoutingTableFormat::poolSpec).toList(), null, null)));
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof WeightedStrategy that && pools.equals(that.pools);
    }

    @Override
    public int hashCode() {
        return pools.hashCode();
    }

    @Override
    public String toString() {
        return "WeightedStrategy" + pools;
    }
}
