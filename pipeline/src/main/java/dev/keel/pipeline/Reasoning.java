package dev.keel.pipeline;

import dev.keel.core.InvalidInputException;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What a {@link ReasoningStep} produced: a draft of the answer, or a turn that ends early with a text for the user
 * (a clarifying question, one question the step needs answered). Either text passes the outbound filter before
 * anybody sees it. Immutable and thread-safe.
 */
public final class Reasoning {

    private final String text;
    private final @Nullable TurnOutcome endedAs;

    private Reasoning(String text, @Nullable TurnOutcome endedAs) {
        this.text = Objects.requireNonNull(text, "text");
        this.endedAs = endedAs;
    }

    /** A draft of the answer, to be composed, enforced and filtered. */
    public static Reasoning draft(String text) {
        return new Reasoning(text, null);
    }

    /**
     * The turn ends with {@code text} for the user.
     *
     * @param outcome {@link TurnOutcome#CLARIFICATION} or {@link TurnOutcome#ASK_USER}
     */
    public static Reasoning endTurn(TurnOutcome outcome, String text) {
        if (outcome != TurnOutcome.CLARIFICATION && outcome != TurnOutcome.ASK_USER) {
            throw new InvalidInputException("a reasoning step ends a turn with a clarification or a question, not "
                    + outcome);
        }
        return new Reasoning(text, outcome);
    }

    /** The draft, or the text that ends the turn. */
    public String text() {
        return text;
    }

    /** How the turn ends here; empty for a draft. */
    public Optional<TurnOutcome> endedAs() {
        return Optional.ofNullable(endedAs);
    }
}
