package dev.keel.stage;

import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Checks one model output against its stage contract and the session's {@code cached_state}, and says what a
 * valid output merges ({@code docs/stage-runtime.md}).
 *
 * <p>Every violation is reported, each with a stable {@link ViolationCode}, a JSON pointer and a message; an
 * output that is not JSON, or not an object, is a violation too. Nothing here throws for any output or state:
 * bad model output is a value, never an exception.
 *
 * <p>Implementations are pure (no I/O, no clock) and thread-safe.
 */
public interface StageValidator {

    /** The validator implementing the contract vocabulary of {@link StageContract}. */
    static StageValidator create() {
        return DefaultStageValidator.INSTANCE;
    }

    /**
     * Validates raw model text: it must be exactly one JSON object (white space around it is fine; Markdown
     * fences and prose are not).
     *
     * @throws dev.keel.core.InvalidInputException {@code stage_has_no_output} when {@code contract} is not a
     *         model stage (a system or end stage has no output to validate)
     */
    StageValidation validate(StageContract contract, @Nullable String rawOutput, ValidationContext context);

    /**
     * Validates an already parsed output (a plain-value tree as {@link dev.keel.core.json.JsonCodec} reads it;
     * numbers should be {@link java.math.BigDecimal} so that score precision can be checked as written). The
     * result keeps an unmodifiable copy of the tree, so the caller may change its own afterwards.
     *
     * @throws dev.keel.core.InvalidInputException {@code stage_has_no_output} when {@code contract} is not a
     *         model stage
     */
    StageValidation validate(StageContract contract, @Nullable Map<String, Object> output, ValidationContext context);

    /**
     * The violations of the contract's {@code cached_state} preconditions ({@link StageRule.StateEquals}) alone:
     * what must hold before the stage is worth calling. Empty when the stage may run.
     */
    List<StageViolation> checkPreconditions(StageContract contract, Map<String, Object> cachedState);
}
