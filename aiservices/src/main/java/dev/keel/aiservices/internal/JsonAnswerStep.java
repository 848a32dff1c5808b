package dev.keel.aiservices.internal;

import dev.keel.core.Provenance;
import dev.keel.pipeline.AnswerComposer;
import dev.keel.pipeline.Enforcement;
import dev.keel.pipeline.EnforcementStep;
import dev.keel.pipeline.Turn;
import java.util.List;
import java.util.Optional;

/**
 * For a chat that asked for a JSON answer: the composer writes the model's JSON again with the strict codec, so
 * that the outbound filter reads every string as the caller will (no figure hidden in an escape) and a redaction
 * stays inside its string; the enforcement step asks for the answer again, once, when it is not one JSON value of
 * the asked shape. A chat that asked for text passes through unchanged. Pure and thread-safe.
 */
final class JsonAnswerStep implements AnswerComposer, EnforcementStep {

    /** The rule an answer that is not one JSON value of the asked shape breaks. */
    static final String RULE = "json_answer_shape";

    @Override
    public String compose(Turn turn, String draft, Provenance provenance) {
        return ChatExchange.of(turn).canonical(draft);
    }

    @Override
    public Enforcement check(Turn turn, String answer) {
        Optional<String> misfit = ChatExchange.of(turn).misfit(answer);
        return misfit.map(problem -> Enforcement.violation(List.of(RULE), "Your previous answer could not be used ("
                + problem + "). Answer again with exactly one JSON value of the asked shape and nothing around it."))
                .orElse(Enforcement.pass());
    }

    @Override
    public String name() {
        return "json_answer";
    }
}
