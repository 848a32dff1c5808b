package dev.keel.benchmarks.pipeline;

import dev.keel.benchmarks.pipeline.GovernedCalls.IterationAuditSink;
import dev.keel.core.Decision;
import dev.keel.pipeline.GovernedAnswer;
import dev.keel.pipeline.GovernedRequest;
import dev.keel.pipeline.Pipeline;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * How the governed call's cost grows with the policy and the data ({@link GovernedCalls}, scripted backend): the
 * MARP policy's restrictions repeated 1, 10 and 50 times (2, 20 and 100 restrictions; 5, 50 and 250 patterns), its
 * domain rules repeated 1, 10 and 50 times (4, 40 and 200 rules), each under ALLOW with 5 evidence items; and 1,
 * 10 and 100 evidence items in the prompt, under ALLOW and PARTIAL, with the MARP policy. Each benchmark's own
 * parameters only, so one run measures every size beside the smallest.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class GovernedCallGrowthBenchmark {

    /** One pipeline and its audit sink, the records of one iteration kept. */
    @State(Scope.Benchmark)
    public abstract static class Governed {
        final IterationAuditSink audit = new IterationAuditSink();
        Pipeline pipeline;

        void build(int restrictionCopies, int domainRuleCopies, int evidenceItems) {
            pipeline = GovernedCalls.pipeline(GovernedCalls.policy(restrictionCopies, domainRuleCopies),
                    UnaryOperator.identity(), GovernedCalls.evidence(evidenceItems), audit);
            GovernedCalls.check(pipeline);
        }

        @Setup(Level.Iteration)
        public void renewAudit() {
            audit.renew();
        }
    }

    public static class Restrictions extends Governed {
        @Param({"1", "10", "50"})
        public int restrictionCopies;

        @Setup(Level.Trial)
        public void setUp() {
            build(restrictionCopies, 1, GovernedCallBenchmark.EVIDENCE_ITEMS);
        }
    }

    public static class DomainRules extends Governed {
        @Param({"1", "10", "50"})
        public int domainRuleCopies;

        @Setup(Level.Trial)
        public void setUp() {
            build(1, domainRuleCopies, GovernedCallBenchmark.EVIDENCE_ITEMS);
        }
    }

    public static class Evidence extends Governed {
        @Param({"1", "10", "100"})
        public int evidenceItems;

        @Param({"ALLOW", "PARTIAL"})
        public Decision decision;

        GovernedRequest request;

        @Setup(Level.Trial)
        public void setUp() {
            build(1, 1, evidenceItems);
            request = GovernedCalls.request(decision);
        }
    }

    @Benchmark
    public GovernedAnswer restrictions(Restrictions state) {
        return state.pipeline.call(GovernedCalls.PLANNER);
    }

    @Benchmark
    public GovernedAnswer domainRules(DomainRules state) {
        return state.pipeline.call(GovernedCalls.PLANNER);
    }

    @Benchmark
    public GovernedAnswer evidence(Evidence state) {
        return state.pipeline.call(state.request);
    }
}
