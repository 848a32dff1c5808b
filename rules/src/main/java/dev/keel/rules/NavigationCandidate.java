package dev.keel.rules;

import dev.keel.core.InvalidInputException;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One place a turn may move a conversation to, with how well the message matches it. Immutable and thread-safe.
 *
 * @param id       the transition's or entry point's id
 * @param kind     what kind of move it is
 * @param scenario the scenario it belongs to (for an entry point, the scenario it enters)
 * @param step     the step it leads to, or null
 * @param score    how well the message matches it, from 0 to 1, exact
 */
public record NavigationCandidate(String id, CandidateKind kind, String scenario, String step, BigDecimal score) {

    /** @throws InvalidInputException when the score is outside [0, 1] */
    public NavigationCandidate {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(scenario, "scenario");
        Objects.requireNonNull(score, "score");
        if (score.signum() < 0 || score.compareTo(BigDecimal.ONE) > 0) {
            throw new InvalidInputException("a score lies in [0, 1], found " + score.toPlainString());
        }
    }

    /** Where the candidate leads: {@code {"id", "scenario", "step"}}. */
    public Map<String, Object> targetWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("id", id);
        wire.put("scenario", scenario);
        wire.put("step", step);
        return wire;
    }
}
