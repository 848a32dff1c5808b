package dev.keel.benchmarks.routing;

import dev.keel.examples.marp.MarpData;
import dev.keel.routing.PoolEntry;
import dev.keel.routing.RoutingDecision;
import dev.keel.routing.RoutingIndex;
import dev.keel.routing.RoutingRequest;
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
 * {@link RoutingIndex} on the MARP table, beside the floor (a {@code HashMap} lookup of the routing key).
 * {@code select} is the index alone (count the code points of the routing key's parts, mod 10, table entry);
 * {@code route*} is the whole decision for a 120-character prompt: scenario tag, digest, key string and decision
 * object.
 */
@State(Scope.Benchmark)
@BenchmarkMode({Mode.AverageTime, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class RoutingIndexBenchmark {

    RoutingIndex index;
    Map<String, PoolEntry> byKey;

    String role = "planner";
    String clearance = "secret";
    String scenarioTag = "2";
    String promptDigest = "scenario-retire-boats-within-budget";
    String routingKey = "planner|secret|2|scenario-retire-boats-within-budget";
    RoutingRequest withDigest;
    RoutingRequest withDefaultDigest;

    @Setup
    public void setUp() {
        index = RoutingIndex.create(MarpData.routingTable());
        byKey = new HashMap<>();
        byKey.put(routingKey, index.select(role, clearance, scenarioTag, promptDigest));
        String prompt = "SCENARIO 2: retire two boats in Q3 within the budget, keeping dock capacity and crew "
                + "readiness above the thresholds.";
        withDigest = RoutingRequest.builder().role(role).clearance(clearance).prompt(prompt)
                .promptDigest(promptDigest).build();
        withDefaultDigest = RoutingRequest.builder().role(role).clearance(clearance).prompt(prompt).build();
    }

    /** The floor: one hash lookup of the key string. */
    @Benchmark
    public PoolEntry hashMapLookup() {
        return byKey.get(routingKey);
    }

    @Benchmark
    public PoolEntry select() {
        return index.select(role, clearance, scenarioTag, promptDigest);
    }

    @Benchmark
    public RoutingDecision routeWithCallerDigest() {
        return index.route(withDigest);
    }

    @Benchmark
    public RoutingDecision routeWithDefaultDigest() {
        return index.route(withDefaultDigest);
    }
}
