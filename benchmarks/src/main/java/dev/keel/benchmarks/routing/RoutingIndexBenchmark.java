package dev.keel.benchmarks.routing;

import dev.keel.examples.marp.MarpData;
import dev.keel.routing.PoolEntry;
import dev.keel.routing.RoutingDecision;
import dev.keel.routing.RoutingIndex;
import dev.keel.routing.RoutingRequest;
import dev.keel.routing.RoutingStrategy;
import dev.keel.routing.RoutingTable;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * {@link RoutingIndex} with the library's weighted strategy and with the MARP example's length-mod-10 one, beside
 * the floor (a {@code HashMap} lookup of the routing key). {@code *Strategy} is the strategy's selection alone
 * (SHA-256 of the key, or counting its code points); {@code route*} is the whole decision for a 120-character
 * prompt: digest, key, selection, overrides, safeguard and decision object.
 */
@State(Scope.Benchmark)
@BenchmarkMode({Mode.AverageTime, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class RoutingIndexBenchmark {

    RoutingIndex weighted;
    RoutingIndex marp;
    Map<String, PoolEntry> byKey;

    String routingKey = "planner|secret|scenario-retire-boats-within-budget";
    RoutingRequest withDigest;
    RoutingRequest withDefaultDigest;

    @Setup
    public void setUp() {
        weighted = RoutingIndex.create(RoutingTable.builder()
                .pool(1, new PoolEntry("chatgpt", "detailed_analysis", "internal_chatgpt"))
                .pool(5, new PoolEntry("llama", "balanced_summary", "llama"))
                .pool(4, new PoolEntry("deepseek", "policy_summary", "deepseek"))
                .internalBackendTarget("internal_chatgpt").build());
        marp = RoutingIndex.create(MarpData.routingTable());
        String prompt = "SCENARIO 2: retire two boats in Q3 within the budget, keeping dock capacity and crew "
                + "readiness above the thresholds.";
        withDigest = RoutingRequest.builder().role("planner").clearance("secret").prompt(prompt)
                .promptDigest("scenario-retire-boats-within-budget").build();
        withDefaultDigest = RoutingRequest.builder().role("planner").clearance("secret").prompt(prompt).build();
        byKey = new HashMap<>();
        byKey.put(routingKey, weighted.route(withDigest).selection().entry());
    }

    /** The floor: one hash lookup of the key string. */
    @Benchmark
    public PoolEntry hashMapLookup() {
        return byKey.get(routingKey);
    }

    @Benchmark
    public RoutingStrategy.Selection weightedStrategy() {
        return weighted.table().strategy().select(withDigest);
    }

    @Benchmark
    public RoutingStrategy.Selection marpStrategy() {
        return marp.table().strategy().select(withDigest);
    }

    @Benchmark
    public RoutingDecision routeWeightedWithCallerDigest() {
        return weighted.route(withDigest);
    }

    @Benchmark
    public RoutingDecision routeWeightedWithDefaultDigest() {
        return weighted.route(withDefaultDigest);
    }

    @Benchmark
    public RoutingDecision routeMarpWithDefaultDigest() {
        return marp.route(withDefaultDigest);
    }
}
