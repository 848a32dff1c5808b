package dev.keel.pipeline;

import dev.keel.core.KeelException;
import dev.keel.pipeline.observation.GovernedCallContext;
import dev.keel.pipeline.observation.KeelObservation;
import dev.keel.pipeline.observation.KeelObservation.CallKey;
import dev.keel.pipeline.observation.KeelObservation.StepKey;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * What one governed call shows from outside: its {@link KeelObservation#GOVERNED_CALL} observation (open as the
 * current one while the call runs, so that steps and model calls nest under it), a {@link KeelObservation#STEP}
 * per step, the time each step took, and the decision log line at the end. With the no-op registry only the step
 * times are taken, for the decision log.
 *
 * <p>Belongs to one call, on the thread that runs it; not thread-safe.
 */
final class ObservedCall {

    private final ObservationRegistry registry;
    private final @Nullable GovernedCallContext context;
    private final Observation observation;
    private final Observation.@Nullable Scope scope;
    private final long startedNanos = System.nanoTime();
    /** Time per step in nanoseconds, in the order the steps first ran (a step run twice adds up). */
    private final Map<String, Long> stepNanos = new LinkedHashMap<>();

    private ObservedCall(ObservationRegistry registry, String requestId) {
        this.registry = registry;
        if (registry.isNoop()) {
            this.context = null;
            this.observation = Observation.NOOP;
            this.scope = null;
        } else {
            this.context = GovernedCallContext.of(requestId);
            this.observation = KeelObservation.GOVERNED_CALL.observation(registry, () -> context)
                    .highCardinalityKeyValue(CallKey.REQUEST_ID.withValue(requestId)).start();
            this.scope = observation.openScope();
        }
    }

    /** Starts observing the call of {@code requestId}. */
    static ObservedCall start(ObservationRegistry registry, String requestId) {
        return new ObservedCall(registry, requestId);
    }

    /** Runs the step {@code name}, timed and observed. */
    <T> T step(String name, Supplier<T> body) {
        long begin = System.nanoTime();
        Observation step = registry.isNoop() ? Observation.NOOP
                : KeelObservation.STEP.observation(registry).contextualName("keel " + name)
                        .lowCardinalityKeyValue(StepKey.STEP.withValue(name)).start();
        try (Observation.Scope ignored = step.openScope()) {
            return body.get();
        } catch (RuntimeException failure) {
            step.error(failure);
            throw failure;
        } finally {
            step.stop();
            stepNanos.merge(name, System.nanoTime() - begin, Long::sum);
        }
    }

    /** Runs the step {@code name}, timed and observed. */
    void step(String name, Runnable body) {
        step(name, () -> {
            body.run();
            return null;
        });
    }

    /** The call ended with {@code answer}: its keys, the decision log line, the end of the observation. */
    GovernedAnswer answered(TurnState turn, GovernedAnswer answer) {
        Map<String, Long> timings = timings();
        if (context != null) {
            context.recordAnswer(answer);
            observation.lowCardinalityKeyValue(CallKey.OUTCOME.withValue(answer.outcome().wireName()))
                    .highCardinalityKeyValue(CallKey.REASON_CODES.withValue(
                            String.join(",", answer.provenance().reasonCodes().values())))
                    .highCardinalityKeyValue(CallKey.WITHHELD.withValue(answer.withheldCounts().entrySet().stream()
                            .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(","))));
            describe(turn);
        }
        DecisionLog.answered(turn, answer, timings);
        end();
        return answer;
    }

    /**
     * The call ended without an answer, as {@code outcome} says ({@code failed}, or {@code cancelled} for a stream
     * the caller cancelled), with {@code failure}; {@code turn} is null when it ended before the turn began.
     */
    void failed(@Nullable TurnState turn, String requestId, RuntimeException failure, String outcome) {
        Map<String, Long> timings = timings();
        String code = failure instanceof KeelException ? ((KeelException) failure).code() : "internal_error";
        if (context != null) {
            context.recordFailure(code);
            observation.lowCardinalityKeyValue(CallKey.OUTCOME.withValue(outcome)).error(failure);
            if (turn != null) {
                describe(turn);
            } else {
                observation.lowCardinalityKeyValue(CallKey.DECISION.withValue("none"))
                        .lowCardinalityKeyValue(CallKey.INTERNAL_ONLY.withValue("false"))
                        .lowCardinalityKeyValue(CallKey.BACKEND_TARGET.withValue("none"));
            }
        }
        DecisionLog.failed(turn, requestId, outcome, code, timings);
        end();
    }

    private void describe(TurnState turn) {
        observation.lowCardinalityKeyValue(CallKey.DECISION.withValue(turn.decision().wireName()))
                .lowCardinalityKeyValue(CallKey.INTERNAL_ONLY.withValue(Boolean.toString(
                        turn.sensitivity().internalOnly())))
                .lowCardinalityKeyValue(CallKey.BACKEND_TARGET.withValue(turn.route()
                        .map(route -> route.backendTarget()).orElse("none")))
                .highCardinalityKeyValue(CallKey.ROLE.withValue(turn.principal().map(p -> p.role()).orElse("none")))
                .highCardinalityKeyValue(CallKey.CLEARANCE.withValue(turn.principal().map(p -> p.clearance())
                        .orElse("none")));
    }

    /** Microseconds per step, then in total. */
    private Map<String, Long> timings() {
        Map<String, Long> timings = new LinkedHashMap<>();
        timings.put("total", (System.nanoTime() - startedNanos) / 1_000);
        stepNanos.forEach((step, nanos) -> timings.put(step, nanos / 1_000));
        return timings;
    }

    private void end() {
        if (scope != null) {
            scope.close();
        }
        observation.stop();
    }
}
