package dev.keel.pipeline.rules;

import dev.keel.pipeline.StepResult;
import dev.keel.pipeline.Turn;
import dev.keel.pipeline.TurnOutcome;
import dev.keel.pipeline.TurnStep;
import java.util.Map;

/**
 * Ends a turn whose message is too ambiguous with the clarification text, before anything else is decided or any
 * answer written. Immutable and thread-safe.
 */
final class AmbiguityTrap implements TurnStep {

    private final RuleTurn.Config config;

    AmbiguityTrap(RuleTurn.Config config) {
        this.config = config;
    }

    @Override
    public String name() {
        return "ambiguity_trap";
    }

    @Override
    public StepResult apply(Turn turn) {
        SensorReading reading = turn.get(RuleSteps.READING).orElseThrow();
        boolean ambiguous = reading.ambiguityScore().compareTo(config.ambiguityThreshold()) > 0;
        turn.trace(name(), "ambiguity " + reading.ambiguityScore().toPlainString() + (ambiguous ? " above " : " within ")
                + config.ambiguityThreshold().toPlainString() + (ambiguous ? ": ask to clarify" : ""),
                Map.of("ambiguity_score", reading.ambiguityScore(), "threshold", config.ambiguityThreshold(),
                        "clarify", ambiguous));
        return ambiguous ? StepResult.endTurn(TurnOutcome.CLARIFICATION, config.clarification()) : StepResult.proceed();
    }
}
