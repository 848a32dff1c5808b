package dev.keel.stage;

import dev.keel.core.spi.TokenUsage;
import java.util.List;
import java.util.Objects;

/**
 * One model call of a {@link StageRun}: what was sent, what came back, and what was wrong with it. Immutable and
 * thread-safe.
 *
 * @param stageId    the stage called
 * @param attempt    1 for the first call of the stage, 2 for the first re-ask, ...
 * @param prompt     a summary of what was sent
 * @param rawOutput  the model's text as received
 * @param violations what the validator found; empty when the output was accepted
 * @param usage      the tokens the call cost, as the backend reported
 * @param backendId  the backend that answered
 */
public record StageAttempt(String stageId, int attempt, PromptSummary prompt, String rawOutput,
                           List<StageViolation> violations, TokenUsage usage, String backendId) {

    public StageAttempt {
        Objects.requireNonNull(stageId, "stageId");
        Objects.requireNonNull(prompt, "prompt");
        Objects.requireNonNull(rawOutput, "rawOutput");
        violations = List.copyOf(violations);
        Objects.requireNonNull(usage, "usage");
        Objects.requireNonNull(backendId, "backendId");
    }

    /** Whether the output was accepted (and its slices merged). */
    public boolean valid() {
        return violations.isEmpty();
    }
}
