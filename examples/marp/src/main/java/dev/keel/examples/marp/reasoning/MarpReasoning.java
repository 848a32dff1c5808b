package dev.keel.examples.marp.reasoning;

import dev.keel.core.spi.ChatRequest;
import dev.keel.pipeline.BackendReply;
import dev.keel.pipeline.Reasoning;
import dev.keel.pipeline.ReasoningStep;
import dev.keel.pipeline.Turn;
import dev.keel.pipeline.TurnKey;
import dev.keel.routing.RoutingDecision;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * The MARP assistant's reasoning: one call to the backend routing chose, with the request of its main explanatory
 * subtask made of parts ({@link ExplanationPrompt}): the application's instructions as text, the evidence as JSON
 * values labelled with their domains, and the turn's conversation, the user's own message last; the reply is
 * {@link Commentary}, never evidence. The call goes through the turn's governed backends, so a prompt
 * to an external model is egress-filtered, an internal-only request never leaves the house, and a failed external
 * model falls back to the internal one, with the reason.
 *
 * <p>Immutable; thread-safe when the brief function is.
 */
public final class MarpReasoning implements ReasoningStep {

    /** Where the commentary is kept for the composer. */
    public static final TurnKey<Commentary> COMMENTARY = TurnKey.of("marp_commentary", Commentary.class);

    private final Function<Turn, ExplanationBrief> brief;

    private MarpReasoning(Function<Turn, ExplanationBrief> brief) {
        this.brief = Objects.requireNonNull(brief, "brief");
    }

    /** Reasoning on the brief {@code brief} writes for the turn. */
    public static MarpReasoning of(Function<Turn, ExplanationBrief> brief) {
        return new MarpReasoning(brief);
    }

    @Override
    public Reasoning reason(Turn turn) {
        RoutingDecision route = turn.route().orElseThrow(() -> new IllegalStateException("reasoning runs after routing"));
        ChatRequest request = ExplanationPrompt.request(brief.apply(turn), turn.conversation());
        BackendReply reply = turn.backends().chat(route.backendTarget(), request);
        String prompt = ExplanationPrompt.rendered(request);
        String usedReason = reply.usedReason();
        Commentary commentary = new Commentary(reply.text(), reply.target(), reply.used(), usedReason,
                reply.reply().usage(), EvidenceNumbers.notIn(reply.text(), prompt), prompt);
        turn.put(COMMENTARY, commentary);
        Map<String, Object> details = commentary.toWire();
        details.put("text", turn.filtered(commentary.text()));
        turn.trace("reasoning", "target " + commentary.backendTarget() + ", answered by " + commentary.backendUsed()
                + (usedReason == null ? "" : " (" + usedReason + ")"), details);
        return Reasoning.draft(commentary.text());
    }
}
