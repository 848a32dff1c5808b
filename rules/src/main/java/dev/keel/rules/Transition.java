package dev.keel.rules;

import dev.keel.core.InvalidInputException;
import java.math.BigDecimal;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A move a conversation can make, with the utterances that ask for it: a transition out of a step, a transition of
 * a scenario open from any of its steps, or an entry point into a scenario. Immutable and thread-safe.
 *
 * @param id       unique among the transitions and entry points of a rule book
 * @param kind     what kind of move it is
 * @param scenario the scenario it belongs to (for an entry point, the one it enters)
 * @param from     the step it leaves, for a step transition; null otherwise
 * @param to       the step it leads to
 * @param examples utterances that ask for it, at least one
 */
public record Transition(String id, CandidateKind kind, String scenario, @Nullable String from, String to,
                         List<String> examples) {

    /** @throws InvalidInputException when there is no example, or a step transition has no step to leave */
    public Transition {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(scenario, "scenario");
        Objects.requireNonNull(to, "to");
        examples = List.copyOf(examples);
        if (examples.isEmpty() || examples.stream().anyMatch(String::isBlank)) {
            throw new InvalidInputException("a transition has at least one example utterance, none blank");
        }
        if ((kind == CandidateKind.STEP_TRANSITION) != (from != null)) {
            throw new InvalidInputException("a step transition, and only one, leaves a step");
        }
    }

    /** This transition as a navigation candidate with {@code score}. */
    public NavigationCandidate candidate(BigDecimal score) {
        return new NavigationCandidate(id, kind, scenario, to, score);
    }
}
