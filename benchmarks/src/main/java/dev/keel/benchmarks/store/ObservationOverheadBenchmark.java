package dev.keel.benchmarks.store;

import dev.keel.core.Principal;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.AuditSink;
import dev.keel.core.spi.TokenUsage;
import dev.keel.pipeline.Backends;
import dev.keel.pipeline.GovernedAnswer;
import dev.keel.pipeline.GovernedRequest;
import dev.keel.pipeline.Pipeline;
import dev.keel.pipeline.SingleCallReasoning;
import dev.keel.policy.PolicyDocument;
import dev.keel.routing.RoutingTable;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the observations and the decision log add to one governed call (an ALLOW answered by an in-process model
 * that replies at once with a figure; its audit record is built and handed to a sink that keeps nothing):
 *
 * <ul>
 *   <li>{@code bare} (the peer): no registry, the decision log's logger off;</li>
 *   <li>{@code observed}: an {@link ObservationRegistry} with Micrometer's default meter handler on a
 *       {@link SimpleMeterRegistry}: a timer per call, per step and per model call, as Spring Boot Actuator
 *       registers them;</li>
 *   <li>{@code decisionLogged}: no registry, the decision log on, written by slf4j-simple to a file that discards
 *       it.</li>
 * </ul>
 */
@State(Scope.Thread)
@BenchmarkMode({Mode.AverageTime, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 8, time = 1)
@Fork(value = 1, jvmArgsAppend = "-Dorg.slf4j.simpleLogger.log.dev.keel.decisions=off")
public class ObservationOverheadBenchmark {

    private static final String POLICY = """
            {
              "policy_id": "bench", "version": "1",
              "roles": {
                "finance": {"allowed_clearances": ["internal"], "allowed_domains": ["expenses", "general_help"],
                            "default_decision": "ALLOW"}
              },
              "domain_rules": [
                {"phrases": ["expense*", "travel*"], "domains": ["expenses"]},
                {"phrases": ["help"], "domains": ["general_help"], "fallback": true}
              ]
            }""";
    private static final String ROUTING = """
            {
              "pools": [{"weight": 1, "router_selected_llm": "assistant_model",
                         "reasoning_mode": "plain_answer", "backend_target": "assistant"}],
              "internal_backend_target": "assistant"
            }""";
    private static final GovernedRequest REQUEST = GovernedRequest.of(Principal.of("finance", "internal"),
            "What is the approval limit for travel expenses?");

    private Pipeline bare;
    private Pipeline observed;

    @Setup
    public void build() {
        bare = pipeline(ObservationRegistry.NOOP);
        ObservationRegistry registry = ObservationRegistry.create();
        registry.observationConfig().observationHandler(new DefaultMeterObservationHandler(new SimpleMeterRegistry()));
        observed = pipeline(registry);
    }

    private static Pipeline pipeline(ObservationRegistry registry) {
        ChatReply reply = ChatReply.builder().text("Travel expenses up to 250 EUR need one approval.")
                .usage(new TokenUsage(120, 14)).backendId("assistant").model("bench-model").build();
        return Pipeline.builder().policy(PolicyDocument.parse(POLICY)).routing(RoutingTable.parse(ROUTING))
                .backends(Backends.builder().internal("assistant", request -> reply).build())
                .reasoning(SingleCallReasoning.userMessage()).auditSink(AuditSink.noop())
                .observationRegistry(registry).build();
    }

    @Benchmark
    public GovernedAnswer bare() {
        return bare.call(REQUEST);
    }

    @Benchmark
    public GovernedAnswer observed() {
        return observed.call(REQUEST);
    }

    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {"-Dorg.slf4j.simpleLogger.log.dev.keel.decisions=info",
            "-Dorg.slf4j.simpleLogger.logFile=/dev/null"})
    public GovernedAnswer decisionLogged() {
        return bare.call(REQUEST);
    }
}
