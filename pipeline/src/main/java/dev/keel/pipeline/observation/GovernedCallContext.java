package dev.keel.pipeline.observation;

import dev.keel.pipeline.GovernedAnswer;
import io.micrometer.observation.Observation;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The context of a {@link KeelObservation#GOVERNED_CALL}: the request id and, once the call is over, its answer or
 * the code of its failure. A handler reads the answer when the observation stops (reason codes, what was withheld,
 * the model calls with their tokens); the answer's text has passed the outbound filter.
 *
 * <p>Mutable while the call runs (the pipeline records the end); thread-safe to read once the observation stopped.
 */
public final class GovernedCallContext extends Observation.Context {

    private final String requestId;
    private volatile @Nullable GovernedAnswer answer;
    private volatile @Nullable String failureCode;

    private GovernedCallContext(String requestId) {
        this.requestId = Objects.requireNonNull(requestId, "requestId");
    }

    /** The context of the call of {@code requestId}. */
    public static GovernedCallContext of(String requestId) {
        return new GovernedCallContext(requestId);
    }

    public String requestId() {
        return requestId;
    }

    /** The call's answer; empty while it runs and when it failed. */
    public Optional<GovernedAnswer> answer() {
        return Optional.ofNullable(answer);
    }

    /** The code of the exception the call failed with; empty unless it failed. */
    public Optional<String> failureCode() {
        return Optional.ofNullable(failureCode);
    }

    /** Records the call's answer (the pipeline does, before the observation stops). */
    public void recordAnswer(GovernedAnswer answer) {
        this.answer = Objects.requireNonNull(answer, "answer");
    }

    /** Records the code of the exception the call failed with (the pipeline does, before the observation stops). */
    public void recordFailure(String code) {
        this.failureCode = Objects.requireNonNull(code, "code");
    }
}
