package dev.keel.pipeline;

import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/** What a {@link TurnStep} decided: go on, or end the turn with a text. Immutable and thread-safe. */
public final class StepResult {

    private static final StepResult PROCEED = new StepResult(null, null);

    private final @Nullable TurnOutcome endedAs;
    private final @Nullable String text;

    private StepResult(@Nullable TurnOutcome endedAs, @Nullable String text) {
        this.endedAs = endedAs;
        this.text = text;
    }

    /** Go on to the next step. */
    public static StepResult proceed() {
        return PROCEED;
    }

    /** End the turn with {@code text} ({@link TurnOutcome#CLARIFICATION} or {@link TurnOutcome#ASK_USER}). */
    public static StepResult endTurn(TurnOutcome outcome, String text) {
        Reasoning.endTurn(outcome, text);
        return new StepResult(outcome, Objects.requireNonNull(text, "text"));
    }

    /** How the turn ends here; empty to go on. */
    public Optional<TurnOutcome> endedAs() {
        return Optional.ofNullable(endedAs);
    }

    /** The text that ends the turn; empty to go on. */
    public Optional<String> text() {
        return Optional.ofNullable(text);
    }
}
