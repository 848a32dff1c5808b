package dev.keel.stage;

import java.util.List;
import java.util.Objects;

/**
 * Why a {@link StageRun} stopped before reaching an end stage. A value, not an exception: an output that stays
 * invalid is an expected outcome of calling a model, and the host decides what to tell the user. Nothing of the
 * failing stage's output was merged. Immutable and thread-safe.
 *
 * @param reason     what went wrong
 * @param stageId    the stage that could not complete
 * @param message    a sentence for logs
 * @param violations the last output's violations ({@link Reason#OUTPUT_INVALID}) or the unmet preconditions
 *                   ({@link Reason#STATE_PRECONDITION_FAILED}); empty otherwise
 */
public record StageFailure(Reason reason, String stageId, String message, List<StageViolation> violations) {

    /** The kinds of failure, each with a stable code. */
    public enum Reason {
        /** The model's output still broke the contract after the last re-ask. */
        OUTPUT_INVALID("output_invalid"),
        /** {@code cached_state} does not meet the stage's preconditions; the model was not called. */
        STATE_PRECONDITION_FAILED("state_precondition_failed"),
        /** The run called more model stages than the runtime allows (a cycle in the contracts' next steps). */
        STAGE_LIMIT_EXCEEDED("stage_limit_exceeded");

        private final String code;

        Reason(String code) {
            this.code = code;
        }

        public String code() {
            return code;
        }
    }

    public StageFailure {
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(stageId, "stageId");
        Objects.requireNonNull(message, "message");
        violations = List.copyOf(violations);
    }
}
