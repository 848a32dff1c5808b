package dev.keel.benchmarks.pipeline;

import dev.keel.benchmarks.pipeline.GovernedCalls.IterationAuditSink;
import dev.keel.core.evidence.EvidenceItem;
import dev.keel.core.evidence.EvidenceSet;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.LlmBackend;
import dev.keel.pipeline.GovernedAnswer;
import dev.keel.pipeline.Pipeline;
import dev.keel.policy.PolicyDocument;
import java.util.List;
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

/**
 * What a user feels of governance: one governed call end to end ({@link GovernedCalls}: governance, routing,
 * evidence from memory, the egress filter on the prompt, the model, the outbound filter on its 2 KB answer,
 * provenance, audit) under ALLOW and under PARTIAL, beside the same backend called bare with the same prompt (the
 * floor), and beside a stand-in for a model call (a busy wait of {@value #MODEL_CALL_MICROS} us), bare and governed.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class GovernedCallBenchmark {

    static final int EVIDENCE_ITEMS = 5;
    /** The stand-in model's time: about the fastest a small local model answers; a hosted one takes far longer. */
    static final long MODEL_CALL_MICROS = 1_000;

    /** How many governed calls warm the code before the stand-in is measured governed. */
    static final int WARM_UP_CALLS = 10_000;

    private final IterationAuditSink audit = new IterationAuditSink();
    private Pipeline governed;
    private LlmBackend instant;
    private LlmBackend model;
    private ChatRequest prompt;

    @Setup(Level.Trial)
    public void setUp() {
        List<EvidenceItem> memory = GovernedCalls.evidence(EVIDENCE_ITEMS);
        governed = GovernedCalls.pipeline(GovernedCalls.policy(1, 1), UnaryOperator.identity(), memory, audit);
        GovernedCalls.check(governed);
        if (audit.size() != 2) {
            throw new IllegalStateException("every governed call must write one audit record: " + audit.size());
        }
        instant = GovernedCalls.scripted("llama");
        model = GovernedCalls.spinning(instant, MODEL_CALL_MICROS);
        prompt = GovernedCalls.prompt(EvidenceSet.of(memory), GovernedCalls.MESSAGE);
    }

    @Setup(Level.Iteration)
    public void renewAudit() {
        audit.renew();
    }

    /**
     * The governed call over the stand-in model. At one call per millisecond, JMH's warm-up iterations would
     * measure the governed code half compiled, so it is first warmed with {@value #WARM_UP_CALLS} calls over
     * the scripted backend, as in a host that has served many.
     */
    @State(Scope.Benchmark)
    public static class OverModel {
        final IterationAuditSink audit = new IterationAuditSink();
        Pipeline pipeline;

        @Setup(Level.Trial)
        public void setUp() {
            PolicyDocument policy = GovernedCalls.policy(1, 1);
            List<EvidenceItem> memory = GovernedCalls.evidence(EVIDENCE_ITEMS);
            Pipeline warm = GovernedCalls.pipeline(policy, UnaryOperator.identity(), memory, audit);
            for (int i = 0; i < WARM_UP_CALLS; i++) {
                warm.call(GovernedCalls.PLANNER);
            }
            audit.renew();
            pipeline = GovernedCalls.pipeline(policy, backend -> GovernedCalls.spinning(backend, MODEL_CALL_MICROS),
                    memory, audit);
            GovernedCalls.check(pipeline);
        }

        @Setup(Level.Iteration)
        public void renewAudit() {
            audit.renew();
        }
    }

    /** The floor: the scripted backend called bare. */
    @Benchmark
    public ChatReply backendOnly() {
        return instant.chat(prompt);
    }

    @Benchmark
    public GovernedAnswer governedAllow() {
        return governed.call(GovernedCalls.PLANNER);
    }

    @Benchmark
    public GovernedAnswer governedPartial() {
        return governed.call(GovernedCalls.GUEST);
    }

    /** The stand-in model called bare. */
    @Benchmark
    public ChatReply modelCallOnly() {
        return model.chat(prompt);
    }

    /** The stand-in model called through the governed call, under ALLOW. */
    @Benchmark
    public GovernedAnswer governedModelCall(OverModel overModel) {
        return overModel.pipeline.call(GovernedCalls.PLANNER);
    }
}
