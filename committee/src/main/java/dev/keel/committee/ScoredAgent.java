package dev.keel.committee;

import java.util.Objects;

/** An agent's name and its output's axis scores: the input of {@link CommitteeScore}. Immutable, pure, thread-safe. */
public record ScoredAgent(String agent, AxisScores axes) {

    public ScoredAgent {
        Objects.requireNonNull(agent, "agent");
        Objects.requireNonNull(axes, "axes");
    }
}
