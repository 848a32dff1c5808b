package dev.keel.pipeline.observation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.KeelException;
import dev.keel.core.Principal;
import dev.keel.core.RetriableBackendException;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.IdSource;
import dev.keel.core.spi.TokenUsage;
import dev.keel.pipeline.AnswerSink;
import dev.keel.pipeline.Backends;
import dev.keel.pipeline.Fixtures;
import dev.keel.pipeline.GovernedAnswer;
import dev.keel.pipeline.GovernedRequest;
import dev.keel.pipeline.Pipeline;
import dev.keel.pipeline.SingleCallReasoning;
import dev.keel.test.core.Reply;
import dev.keel.test.core.ScriptedBackend;
import io.micrometer.common.KeyValue;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What a governed call shows from outside: its observations (as a handler and as a meter registry see them) and
 * its decision log line.
 */
class ObservedPipelineTest {

    private static final Principal PLANNER = Principal.of("planner", "secret");
    private static final Principal GUEST = Principal.of("guest", "secret");

    private final ScriptedBackend internal = ScriptedBackend.named("internal_chatgpt")
            .otherwise(Reply.text("Calendar A keeps 84% in week 26 at S-112.").withUsage(new TokenUsage(10, 5)));
    private final ObservationRegistry registry = ObservationRegistry.create();
    private final List<Observation.Context> stopped = new CopyOnWriteArrayList<>();
    /** Strong reference: java.util.logging keeps loggers only weakly. */
    private final Logger decisions = Logger.getLogger("dev.keel.decisions");
    private final List<String> decisionLines = new CopyOnWriteArrayList<>();
    private final Handler decisionCapture = new Handler() {
        @Override
        public void publish(LogRecord record) {
            decisionLines.add(record.getMessage());
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    @BeforeEach
    void observe() {
        registry.observationConfig().observationHandler(new ObservationHandler<>() {
            @Override
            public void onStop(Observation.Context context) {
                stopped.add(context);
            }

            @Override
            public boolean supportsContext(Observation.Context context) {
                return true;
            }
        });
        decisions.addHandler(decisionCapture);
        decisions.setLevel(Level.INFO);
        decisions.setUseParentHandlers(false);
    }

    @AfterEach
    void stopCapturing() {
        decisions.removeHandler(decisionCapture);
        decisions.setUseParentHandlers(true);
    }

    private Pipeline pipeline(ObservationRegistry observations) {
        return Pipeline.builder().policy(Fixtures.policy()).routing(Fixtures.routingTable())
                .backends(Backends.builder().internal("internal_chatgpt", internal)
                        .external("llama", internal).external("deepseek", internal).build())
                .reasoning(SingleCallReasoning.userMessage()).idSource(IdSource.sequential("call"))
                .observationRegistry(observations).build();
    }

    /** "top secret" keeps the request in the house, so that the internal backend answers whatever the index. */
    private static GovernedRequest internalRequest(Principal principal) {
        return GovernedRequest.of(principal, "top secret: compare the calendars for retiring two boats");
    }

    @Test
    void aCallIsObservedWithEveryStepAndItsModelCallNestedUnderIt() {
        GovernedAnswer answer = pipeline(registry).call(internalRequest(PLANNER));

        GovernedCallContext call = only(GovernedCallContext.class);
        assertThat(call.getName()).isEqualTo("keel.call");
        assertThat(call.requestId()).isEqualTo("call-1");
        assertThat(call.answer()).containsSame(answer);
        assertThat(keys(call)).containsEntry("keel.outcome", "answered").containsEntry("keel.decision", "ALLOW")
                .containsEntry("keel.internal_only", "true").containsEntry("keel.backend.target", "internal_chatgpt")
                .containsEntry("keel.request_id", "call-1").containsEntry("keel.principal.role", "planner");

        List<String> steps = stopped.stream().filter(c -> c.getName().equals("keel.step"))
                .map(c -> c.getLowCardinalityKeyValue("keel.step").getValue()).toList();
        assertThat(steps).containsExactly("governance", "routing", "evidence", "reasoning", "composition",
                "enforcement", "outbound_filter", "audit");
        assertThat(stopped.stream().filter(c -> c.getName().equals("keel.step")))
                .allSatisfy(step -> assertThat(step.getParentObservation().getContextView()).isSameAs(call));

        ModelCallContext model = only(ModelCallContext.class);
        assertThat(model.backend()).isEqualTo("internal_chatgpt");
        assertThat(model.external()).isFalse();
        assertThat(model.usage().orElseThrow().inputTokens()).isEqualTo(10);
        assertThat(keys(model)).containsEntry("keel.outcome", "ok").containsEntry("keel.model", "unknown")
                .containsEntry("keel.tokens.output", "5");
        assertThat(model.getParentObservation().getContextView().getLowCardinalityKeyValue("keel.step").getValue())
                .isEqualTo("reasoning");
        assertThat(stopped.stream().flatMap(c -> c.getAllKeyValues().stream()).map(KeyValue::getValue))
                .as("no message or answer text in any key").noneMatch(v -> v.contains("calendars")
                        || v.contains("84%") || v.contains("S-112"));
    }

    @Test
    void aStreamedCallsModelCallIsObservedAsTheCalledOnesIs() {
        Pipeline pipeline = pipeline(registry);

        pipeline.call(internalRequest(PLANNER));
        Map<String, String> called = keys(only(ModelCallContext.class));
        stopped.clear();
        List<String> chunks = new ArrayList<>();
        pipeline.stream(internalRequest(PLANNER), new AnswerSink() {
            @Override
            public void chunk(String text) {
                chunks.add(text);
            }

            @Override
            public void complete(GovernedAnswer answer) {
            }

            @Override
            public void fail(KeelException failure) {
                throw failure;
            }
        });

        assertThat(chunks).isNotEmpty();
        ModelCallContext streamed = only(ModelCallContext.class);
        assertThat(keys(streamed)).isEqualTo(called).containsEntry("keel.outcome", "ok")
                .containsEntry("keel.tokens.output", "5");
        assertThat(streamed.usage()).contains(new TokenUsage(10, 5));
    }

    @Test
    void aDeniedCallIsObservedWithoutAModelCall() {
        pipeline(registry).call(GovernedRequest.of(Principal.of("contractor", "secret"), "Show the budget"));

        assertThat(keys(only(GovernedCallContext.class))).containsEntry("keel.outcome", "denied")
                .containsEntry("keel.decision", "DENY").containsEntry("keel.backend.target", "none");
        assertThat(stopped).noneMatch(ModelCallContext.class::isInstance);
    }

    @Test
    void aFailedCallIsObservedAsFailedWithItsCode() {
        ScriptedBackend down = ScriptedBackend.named("internal_chatgpt")
                .otherwise(Reply.retriableFailure("connection refused"));
        Pipeline pipeline = Pipeline.builder().policy(Fixtures.policy()).routing(Fixtures.routingTable())
                .backends(Backends.builder().internal("internal_chatgpt", down).external("llama", down)
                        .external("deepseek", down).build())
                .reasoning(SingleCallReasoning.userMessage()).observationRegistry(registry).build();

        assertThatThrownBy(() -> pipeline.call(internalRequest(PLANNER))).isInstanceOf(RetriableBackendException.class);

        GovernedCallContext call = only(GovernedCallContext.class);
        assertThat(call.failureCode()).contains("backend_retriable");
        assertThat(call.getError()).isInstanceOf(RetriableBackendException.class);
        assertThat(keys(call)).containsEntry("keel.outcome", "failed");
        assertThat(keys(only(ModelCallContext.class))).containsEntry("keel.outcome", "backend_retriable");
        assertThat(decisionLines).singleElement().satisfies(line -> assertThat(JsonCodec.strict().parseObject(line))
                .containsEntry("outcome", "failed").containsEntry("failure", "backend_retriable"));
    }

    @Test
    void aMeterRegistryCountsCallsByDecisionAndTimesEachStepAndModelCall() {
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        ObservationRegistry metered = ObservationRegistry.create();
        metered.observationConfig().observationHandler(new DefaultMeterObservationHandler(meters));
        Pipeline pipeline = pipeline(metered);

        pipeline.call(internalRequest(PLANNER));
        pipeline.call(internalRequest(PLANNER));
        pipeline.call(internalRequest(GUEST));
        pipeline.call(GovernedRequest.of(Principal.of("contractor", "secret"), "Show the budget"));

        assertThat(meters.get("keel.call").tag("keel.decision", "ALLOW").timer().count()).isEqualTo(2);
        assertThat(meters.get("keel.call").tag("keel.decision", "PARTIAL").timer().count()).isEqualTo(1);
        assertThat(meters.get("keel.call").tag("keel.decision", "DENY").tag("keel.outcome", "denied").timer()
                .count()).isEqualTo(1);
        assertThat(meters.get("keel.step").tag("keel.step", "routing").timer().count()).isEqualTo(3);
        assertThat(meters.get("keel.step").tag("keel.step", "governance").timer().count()).isEqualTo(4);
        assertThat(meters.get("keel.model.call").tag("keel.backend", "internal_chatgpt").timer().count())
                .isEqualTo(3);
    }

    @Test
    void theDecisionLogHasOneLinePerCallWithNeitherTheMessageNorWhatWasWithheld() {
        Pipeline pipeline = pipeline(ObservationRegistry.NOOP);

        GovernedAnswer partial = pipeline.call(internalRequest(GUEST));
        pipeline.call(GovernedRequest.of(Principal.of("contractor", "secret"), "Show the budget of week 12"));

        assertThat(partial.withheldCounts()).isNotEmpty();
        assertThat(decisionLines).hasSize(2);
        Map<String, Object> line = JsonCodec.strict().parseObject(decisionLines.get(0));
        assertThat(line).containsEntry("request_id", "call-1").containsEntry("outcome", "answered")
                .containsEntry("decision", "PARTIAL").containsEntry("internal_only", true)
                .containsEntry("principal", Map.of("role", "guest", "clearance", "secret"))
                .containsKeys("reason_codes", "route", "backends", "withheld", "timings_us");
        assertThat(object(line.get("route"))).containsEntry("backend_target", "internal_chatgpt");
        assertThat((List<?>) line.get("backends")).singleElement()
                .satisfies(call -> assertThat(object(call)).containsEntry("used", "internal_chatgpt"));
        assertThat(object(line.get("timings_us"))).containsKeys("total", "governance", "routing", "reasoning",
                "outbound_filter", "audit");
        assertThat(decisionLines.get(0)).doesNotContain("calendars", "84%", "week 26", "S-112");
        assertThat(JsonCodec.strict().parseObject(decisionLines.get(1))).containsEntry("outcome", "denied")
                .containsEntry("decision", "DENY").containsEntry("backends", List.of());
        assertThat(decisionLines.get(1)).doesNotContain("budget", "week 12");
    }

    private <C extends Observation.Context> C only(Class<C> type) {
        List<C> found = new ArrayList<>();
        stopped.stream().filter(type::isInstance).map(type::cast).forEach(found::add);
        assertThat(found).hasSize(1);
        return found.get(0);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> object(Object value) {
        return (Map<String, Object>) value;
    }

    private static Map<String, String> keys(Observation.Context context) {
        Map<String, String> keys = new java.util.TreeMap<>();
        context.getAllKeyValues().forEach(kv -> keys.put(kv.getKey(), kv.getValue()));
        return keys;
    }
}
