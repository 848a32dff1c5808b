package dev.keel.benchmarks.pipeline;

import dev.keel.benchmarks.pipeline.GovernedCalls.IterationAuditSink;
import dev.keel.pipeline.GovernedAnswer;
import dev.keel.pipeline.Pipeline;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;

/**
 * Throughput of the governed call under ALLOW ({@link GovernedCalls}, with the scripted backend that answers at
 * once) on one pipeline shared by 1, 2 and 4 threads, as a host shares it: one run measures the three, so their
 * ratios are read on the same machine state.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class GovernedCallThroughputBenchmark {

    private final IterationAuditSink audit = new IterationAuditSink();
    private Pipeline pipeline;

    @Setup(Level.Trial)
    public void setUp() {
        pipeline = GovernedCalls.pipeline(GovernedCalls.policy(1, 1), UnaryOperator.identity(),
                GovernedCalls.evidence(GovernedCallBenchmark.EVIDENCE_ITEMS), audit);
        GovernedCalls.check(pipeline);
    }

    @Setup(Level.Iteration)
    public void renewAudit() {
        audit.renew();
    }

    @Benchmark
    @Threads(1)
    public GovernedAnswer oneThread() {
        return pipeline.call(GovernedCalls.PLANNER);
    }

    @Benchmark
    @Threads(2)
    public GovernedAnswer twoThreads() {
        return pipeline.call(GovernedCalls.PLANNER);
    }

    @Benchmark
    @Threads(4)
    public GovernedAnswer fourThreads() {
        return pipeline.call(GovernedCalls.PLANNER);
    }
}
