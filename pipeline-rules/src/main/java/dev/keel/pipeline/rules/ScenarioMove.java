package dev.keel.pipeline.rules;

import dev.keel.rules.Navigation;
import dev.keel.rules.Position;
import java.util.Objects;

/**
 * Where a turn found the conversation, what navigation decided, and where it left it. Immutable and thread-safe.
 *
 * @param from       the position at the start of the turn
 * @param navigation the decision, with every candidate's effective score
 * @param to         the position the turn's rules are selected at and the session keeps
 */
public record ScenarioMove(Position from, Navigation navigation, Position to) {

    public ScenarioMove {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(navigation, "navigation");
        Objects.requireNonNull(to, "to");
    }
}
