package dev.keel.pipeline;

import dev.keel.core.KeelException;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.ForwardingBackend;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.StreamAttempt;
import dev.keel.core.spi.StreamHandle;
import dev.keel.core.spi.StreamSink;
import dev.keel.pipeline.observation.KeelObservation;
import dev.keel.pipeline.observation.KeelObservation.ModelCallKey;
import dev.keel.pipeline.observation.ModelCallContext;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;

/**
 * A backend whose every call is a {@link KeelObservation#MODEL_CALL}, nested under the step that made it. It sees
 * the request after the egress filter and reports only the model, the tokens and the outcome; a call, streamed or
 * not, is observed from its request to its ending, the same way. Thread-safe when the backend is.
 */
final class ObservedBackend extends ForwardingBackend {

    private static final String UNKNOWN_MODEL = "unknown";
    /** The outcome of a streamed call the caller stopped. */
    private static final String CANCELLED = "cancelled";

    private final String name;
    private final boolean external;
    private final ObservationRegistry registry;

    private ObservedBackend(String name, boolean external, LlmBackend backend, ObservationRegistry registry) {
        super(backend);
        this.name = name;
        this.external = external;
        this.registry = registry;
    }

    /** {@code backends} with every backend observed; the same backends when the registry is the no-op one. */
    static Backends observe(Backends backends, ObservationRegistry registry) {
        if (registry.isNoop()) {
            return backends;
        }
        Backends.Builder observed = Backends.builder();
        for (String name : new java.util.TreeSet<>(backends.names())) {
            LlmBackend backend = backends.find(name).orElseThrow();
            if (backends.isInternal(name)) {
                observed.internal(name, new ObservedBackend(name, false, backend, registry));
            } else {
                observed.external(name, new ObservedBackend(name, true, backend, registry));
            }
        }
        return observed.fallback(backends.fallback()).build();
    }

    /**
     * The round, observed as one model call from its request to its ending: {@code ok} with the reply's model and
     * tokens, the failure's code, or {@code cancelled} when the caller stopped it. The chunks pass on at once; the
     * ending after the observation stopped.
     */
    @Override
    protected void round(ChatRequest request, LlmBackend next, StreamSink sink, StreamHandle handle) {
        ModelCallContext context = ModelCallContext.of(name, external);
        Observation observation = start(context);
        StreamAttempt attempt = StreamAttempt.forwardingTo(sink);
        try (Observation.Scope ignored = observation.openScope()) {
            next.stream(request, attempt, handle);
            if (attempt.reply().isPresent()) {
                answered(context, observation, attempt.reply().get());
            } else if (attempt.failure().isPresent()) {
                failed(observation, attempt.failure().get());
            } else {
                observation.lowCardinalityKeyValue(ModelCallKey.MODEL.withValue(UNKNOWN_MODEL))
                        .lowCardinalityKeyValue(ModelCallKey.OUTCOME.withValue(CANCELLED));
            }
        } catch (RuntimeException failure) {
            failed(observation, failure);
            throw failure;
        } finally {
            observation.stop();
        }
        attempt.end();
    }

    private Observation start(ModelCallContext context) {
        return KeelObservation.MODEL_CALL.observation(registry, () -> context)
                .contextualName("keel model call " + name)
                .lowCardinalityKeyValue(ModelCallKey.BACKEND.withValue(name))
                .lowCardinalityKeyValue(ModelCallKey.EXTERNAL.withValue(Boolean.toString(external))).start();
    }

    private static void answered(ModelCallContext context, Observation observation, ChatReply reply) {
        context.recordReply(reply);
        observation.lowCardinalityKeyValue(ModelCallKey.MODEL.withValue(reply.model().orElse(UNKNOWN_MODEL)))
                .lowCardinalityKeyValue(ModelCallKey.OUTCOME.withValue("ok"))
                .highCardinalityKeyValue(ModelCallKey.ANSWERED_BY.withValue(reply.backendId()))
                .highCardinalityKeyValue(ModelCallKey.INPUT_TOKENS.withValue(
                        Long.toString(reply.usage().inputTokens())))
                .highCardinalityKeyValue(ModelCallKey.OUTPUT_TOKENS.withValue(
                        Long.toString(reply.usage().outputTokens())));
    }

    private static void failed(Observation observation, RuntimeException failure) {
        observation.lowCardinalityKeyValue(ModelCallKey.MODEL.withValue(UNKNOWN_MODEL))
                .lowCardinalityKeyValue(ModelCallKey.OUTCOME.withValue(failure instanceof KeelException
                        ? ((KeelException) failure).code() : "internal_error"))
                .error(failure);
    }

    @Override
    public String toString() {
        return delegate().toString();
    }
}
