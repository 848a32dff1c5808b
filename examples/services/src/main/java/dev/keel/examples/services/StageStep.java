package dev.keel.examples.services;

import dev.keel.stage.StageViolation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One model call of a services turn, for the trace: the stage, its output as the model wrote it, what the
 * validator found, and {@code cached_state} after the merge (only for an accepted output: nothing of a rejected one
 * is merged). Immutable and thread-safe.
 *
 * @param stage      the stage id
 * @param attempt    1 for the first call of the stage, 2 for the first re-ask, ...
 * @param backend    the backend that answered
 * @param output     the model's text as received
 * @param violations what the validator found; empty when the output was accepted
 * @param stateAfter {@code cached_state} after the accepted output's slices were merged; null when rejected
 */
public record StageStep(String stage, int attempt, String backend, String output, List<StageViolation> violations,
                        Map<String, Object> stateAfter) {

    public StageStep {
        Objects.requireNonNull(stage, "stage");
        Objects.requireNonNull(backend, "backend");
        Objects.requireNonNull(output, "output");
        violations = List.copyOf(violations);
    }

    /** Whether the validator accepted the output. */
    public boolean valid() {
        return violations.isEmpty();
    }

    /** The step as a plain JSON object. */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("stage", stage);
        wire.put("attempt", attempt);
        wire.put("backend", backend);
        wire.put("output", output);
        wire.put("valid", valid());
        List<Object> found = new ArrayList<>();
        for (StageViolation violation : violations) {
            Map<String, Object> item = new LinkedHashMap<>();
            item.put("code", violation.code().code());
            item.put("path", violation.path());
            item.put("message", violation.message());
            found.add(item);
        }
        wire.put("violations", found);
        wire.put("state_after_merge", stateAfter);
        return wire;
    }
}
