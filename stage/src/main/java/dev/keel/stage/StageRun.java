package dev.keel.stage;

import dev.keel.core.spi.TokenUsage;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The outcome of one {@link StageRuntime#run}: completed (an end stage was reached) or failed (with a
 * {@link StageFailure}), the final {@code assistantReply}, and a trace of every model call.
 *
 * <p>Immutable and thread-safe.
 */
public final class StageRun {

    private final String runId;
    private final String sessionId;
    private final List<String> stages;
    private final List<StageAttempt> attempts;
    private final @Nullable String assistantReply;
    private final @Nullable StageFailure failure;
    private final Map<String, Object> finalState;

    /**
     * @param stages         the stages reached, in order (model stages and the end stage; not the system stage)
     * @param assistantReply the most recent non-null {@code assistantReply} of an accepted output, or null
     * @param failure        why the run stopped, or null when it completed
     * @param finalState     {@code cached_state} when the run ended
     */
    public StageRun(String runId, String sessionId, List<String> stages, List<StageAttempt> attempts,
                    @Nullable String assistantReply, @Nullable StageFailure failure, Map<String, Object> finalState) {
        this.runId = Objects.requireNonNull(runId, "runId");
        this.sessionId = Objects.requireNonNull(sessionId, "sessionId");
        this.stages = List.copyOf(stages);
        this.attempts = List.copyOf(attempts);
        this.assistantReply = assistantReply;
        this.failure = failure;
        this.finalState = Objects.requireNonNull(finalState, "finalState");
    }

    public String runId() {
        return runId;
    }

    public String sessionId() {
        return sessionId;
    }

    /** Whether an end stage was reached. */
    public boolean completed() {
        return failure == null;
    }

    /**
     * The reply for the end user: the most recent {@code assistantReply} an accepted output carried. Empty when
     * no stage wrote one (the low-complexity path ends with {@code service_select_v1}'s template in
     * {@code cached_state.service_select_v1}, for the host to fill) or when the run failed before one.
     */
    public Optional<String> assistantReply() {
        return Optional.ofNullable(assistantReply);
    }

    /** The stages reached, in order: each model stage called, then the end stage if reached. */
    public List<String> stages() {
        return stages;
    }

    /** Every model call, in order, accepted or not. */
    public List<StageAttempt> attempts() {
        return attempts;
    }

    public Optional<StageFailure> failure() {
        return Optional.ofNullable(failure);
    }

    /** The session's {@code cached_state} when the run ended. */
    public Map<String, Object> finalState() {
        return finalState;
    }

    /** The tokens of every call together. */
    public TokenUsage usage() {
        TokenUsage total = TokenUsage.UNKNOWN;
        for (StageAttempt attempt : attempts) {
            total = total.plus(attempt.usage());
        }
        return total;
    }

    @Override
    public String toString() {
        return "StageRun{" + runId + ", session=" + sessionId + ", stages=" + stages + ", attempts=" + attempts.size()
                + (failure == null ? ", completed" : ", failed: " + failure.reason().code() + " at " + failure.stageId()) + "}";
    }
}
