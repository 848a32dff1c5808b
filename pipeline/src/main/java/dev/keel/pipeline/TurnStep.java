package dev.keel.pipeline;

/**
 * A step that runs after governance and before routing: reading the message (a sensor), asking to clarify an
 * ambiguous one, selecting the rules that apply, moving a conversation between scenarios. It may end the turn
 * early; the pipeline still filters the text and audits the call.
 *
 * <p>Implementations must be thread-safe: one step serves every call of a pipeline.
 */
@FunctionalInterface
public interface TurnStep {

    /** The step's name, for the trace; the class's simple name unless overridden. */
    default String name() {
        return getClass().getSimpleName();
    }

    /** Goes on, or ends the turn with a text for the user. */
    StepResult apply(Turn turn);
}
