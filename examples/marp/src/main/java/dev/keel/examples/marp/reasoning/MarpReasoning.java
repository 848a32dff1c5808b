package dev.keel.examples.marp.reasoning;

import dev.keel.core.reask.Attempt;
import dev.keel.core.reask.Problem;
import dev.keel.core.reask.ReaskResult;
import dev.keel.core.reask.Reasker;
import dev.keel.core.spi.ChatRequest;
import dev.keel.pipeline.BackendCall;
import dev.keel.pipeline.Reasoning;
import dev.keel.pipeline.ReasoningStep;
import dev.keel.pipeline.Turn;
import dev.keel.pipeline.TurnKey;
import dev.keel.routing.RoutingDecision;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The MARP assistant's reasoning: one call to the backend routing chose, with the request of its main explanatory
 * subtask made of parts ({@link ExplanationPrompt}): the application's instructions and the reply's contract as
 * text, the evidence as JSON values labelled with their domains, and the turn's conversation, the user's own message
 * last; the reply is {@link Commentary}, never evidence. The call goes through the turn's governed backends, so a
 * prompt to an external model is egress-filtered, an internal-only request never leaves the house, and a failed
 * external model falls back to the internal one, with the reason.
 *
 * <p>The reply must keep the commentary contract ({@link CommentaryContract}: one JSON object, the calendars of the
 * evidence and no other). A reply that breaks it is re-asked with its problems ({@value #MAX_REASKS} re-asks at
 * most); when none keeps it the commentary is withheld and the answer says what failed, and a model call that fails
 * with its fallback too leaves no commentary either: either way a governed outcome with its reason code
 * ({@link Commentary.Outcome}, with every attempt's telemetry in {@link Commentary#contractWire()}), never an
 * exception.
 *
 * <p>Immutable; thread-safe when the brief function is.
 */
public final class MarpReasoning implements ReasoningStep {

    /** Where the commentary is kept for the composer. */
    public static final TurnKey<Commentary> COMMENTARY = TurnKey.of("marp_commentary", Commentary.class);

    /** Re-asks after a reply that breaks the contract. */
    public static final int MAX_REASKS = 2;

    /** How much of a problem's message the telemetry keeps: it may quote the rejected reply. */
    private static final int MAX_MESSAGE = 200;

    // Only the last rejected reply goes back: a huge reply is not sent again and again.
    private static final Reasker REASKER = Reasker.builder().maxReasks(MAX_REASKS).history(Reasker.History.LAST)
            .build();

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
        ExplanationBrief explanation = brief.apply(turn);
        ChatRequest request = ExplanationPrompt.request(explanation, turn.conversation());
        ReaskResult<CommentaryReply> result = REASKER.ask(turn.backends().bound(route.backendTarget()), request,
                ExplanationPrompt.contract(explanation));
        List<BackendCall> calls = turn.backends().calls();
        BackendCall last = calls.isEmpty() ? null : calls.get(calls.size() - 1);
        String used = last == null ? result.backendId() : last.used();
        String usedReason = last == null ? null : last.usedReason();
        Commentary.Outcome outcome = result.accepted()
                ? result.attempts().size() == 1 ? Commentary.Outcome.ACCEPTED : Commentary.Outcome.REASKED
                : result.failure().isPresent() ? Commentary.Outcome.FAILED : Commentary.Outcome.WITHHELD;
        String text = switch (outcome) {
            case ACCEPTED, REASKED -> result.value().orElseThrow().text();
            case WITHHELD -> used + "'s replies did not keep the commentary contract, even when asked again ("
                    + problems(result.problems()) + "), so no commentary is given; the sections below are the"
                    + " evidence alone.";
            case FAILED -> "the model call failed (" + result.failure().orElseThrow().code() + ") and so did the"
                    + " internal backend, so no commentary is given; the sections below are the evidence alone.";
        };
        String prompt = ExplanationPrompt.rendered(request);
        Commentary commentary = new Commentary(text, route.backendTarget(), used, usedReason, result.usage(),
                outcome == Commentary.Outcome.ACCEPTED || outcome == Commentary.Outcome.REASKED
                        ? EvidenceNumbers.notIn(text, prompt) : List.of(),
                prompt, outcome, attempts(result));
        turn.put(COMMENTARY, commentary);
        Map<String, Object> details = commentary.toWire();
        details.put("text", turn.filtered(commentary.text()));
        turn.trace("reasoning", summary(commentary), details);
        return Reasoning.draft(commentary.text());
    }

    /**
     * The trace's line: who was asked and who answered. Without a reachable model the internal writer answering is
     * the expected offline path, and the line says so before the failure's details.
     */
    private static String summary(Commentary commentary) {
        StringBuilder line = new StringBuilder("target ").append(commentary.backendTarget());
        if (commentary.backendUsedReason().isPresent()
                && commentary.backendUsed().equals(MarpExtractiveWriter.create().id())) {
            line.append(" did not answer, so the internal writer ").append(commentary.backendUsed())
                    .append(" answered, as it does without a model (").append(commentary.backendUsedReason().get())
                    .append(')');
        } else {
            line.append(", answered by ").append(commentary.backendUsed());
            commentary.backendUsedReason().ifPresent(reason -> line.append(" (").append(reason).append(')'));
        }
        line.append("; commentary ").append(commentary.outcome().wireName());
        if (commentary.attempts().size() > 1) {
            line.append(" after ").append(commentary.attempts().size()).append(" attempts");
        }
        return line.toString();
    }

    /** The problems by code and place, without their messages: a message may quote the rejected reply. */
    private static String problems(List<Problem> problems) {
        return problems.stream().limit(3).map(p -> p.code() + (p.pointer().isEmpty() ? "" : " at " + p.pointer()))
                .collect(Collectors.joining(", ")) + (problems.size() > 3 ? ", and " + (problems.size() - 3)
                + " more" : "");
    }

    private static List<Map<String, Object>> attempts(ReaskResult<CommentaryReply> result) {
        return result.attempts().stream().map(attempt -> attempt.toWire(MAX_MESSAGE)).toList();
    }
}
