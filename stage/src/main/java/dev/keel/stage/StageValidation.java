package dev.keel.stage;

import dev.keel.core.InvalidInputException;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The verdict on one stage output: every violation found, and for a valid output the state patch it merges and
 * the stage it leads to. Immutable and thread-safe.
 */
public final class StageValidation {

    private final String stageId;
    private final List<StageViolation> violations;
    private final @Nullable Map<String, Object> output;
    private final @Nullable Map<String, Object> statePatch;
    private final @Nullable String nextStep;

    private StageValidation(String stageId, List<StageViolation> violations, @Nullable Map<String, Object> output,
                            @Nullable Map<String, Object> statePatch, @Nullable String nextStep) {
        this.stageId = Objects.requireNonNull(stageId, "stageId");
        this.violations = List.copyOf(violations);
        this.output = output;
        this.statePatch = statePatch;
        this.nextStep = nextStep;
    }

    /** A valid output: no violation; its patch (unmodifiable) and next stage. */
    public static StageValidation valid(String stageId, Map<String, Object> output, Map<String, Object> statePatch,
                                        String nextStep) {
        return new StageValidation(stageId, List.of(), Objects.requireNonNull(output, "output"),
                Objects.requireNonNull(statePatch, "statePatch"), Objects.requireNonNull(nextStep, "nextStep"));
    }

    /** An invalid output; {@code output} is its parsed object, or null when it was not one. */
    public static StageValidation invalid(String stageId, List<StageViolation> violations,
                                          @Nullable Map<String, Object> output) {
        if (violations.isEmpty()) {
            throw new InvalidInputException("an invalid output has at least one violation");
        }
        return new StageValidation(stageId, violations, output, null, null);
    }

    public String stageId() {
        return stageId;
    }

    public boolean valid() {
        return violations.isEmpty();
    }

    /** Every violation, in a stable order (envelope, the stage's own properties, rules, next step). */
    public List<StageViolation> violations() {
        return violations;
    }

    /** The output as a parsed object, when it was one (valid or not). */
    public Optional<Map<String, Object>> output() {
        return Optional.ofNullable(output);
    }

    /**
     * For a valid output, the top-level {@code cached_state} keys it sets and their new values: exactly the
     * contract's {@link StageContract#stateMerge()} slices. Empty for an invalid output: nothing of it is merged.
     */
    public Optional<Map<String, Object>> statePatch() {
        return Optional.ofNullable(statePatch);
    }

    /** For a valid output, the stage it names in {@code nextStep}. */
    public Optional<String> nextStep() {
        return Optional.ofNullable(nextStep);
    }

    @Override
    public String toString() {
        return "StageValidation{" + stageId + (valid() ? ", valid, next=" + nextStep : ", " + violations) + "}";
    }
}
