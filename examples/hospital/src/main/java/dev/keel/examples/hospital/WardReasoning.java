package dev.keel.examples.hospital;

import dev.keel.core.reask.Attempt;
import dev.keel.core.reask.Problem;
import dev.keel.core.reask.ReaskResult;
import dev.keel.core.reask.Reasker;
import dev.keel.core.reask.ReplyValidator;
import dev.keel.core.spi.ChatRequest;
import dev.keel.pipeline.Reasoning;
import dev.keel.pipeline.ReasoningStep;
import dev.keel.pipeline.Turn;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The ward assistant's reasoning: the prompt ({@link WardPrompt}) to the backend routing chose, through the turn's
 * governed backends (egress-filtered when it leaves the hospital, never outside for an internal-only request, the
 * ward's model answering when the general one fails), and the reply held to the answer contract
 * ({@link WardAnswerContract}). A reply that breaks it is re-asked with its problems; when the general model's
 * replies never keep it, the ward's own model is asked instead; when no reply keeps it, the turn ends with a
 * refusal that says what failed. Each way is a governed outcome with its reason code, recorded with every attempt
 * in the provenance extension {@value #EXTENSION} and the audit record, never an exception. Immutable and
 * thread-safe.
 */
final class WardReasoning implements ReasoningStep {

    /** The provenance extension (and audit detail) that says how the replies fared against the contract. */
    static final String EXTENSION = "answer_contract";

    /** Re-asks of one backend after a reply that breaks the contract. */
    static final int MAX_REASKS = 2;

    /** How much of a problem's message the telemetry keeps: it may quote the rejected reply. */
    private static final int MAX_MESSAGE = 200;

    // Only the last rejected reply goes back: a huge reply is not sent again and again.
    private static final Reasker REASKER = Reasker.builder().maxReasks(MAX_REASKS).history(Reasker.History.LAST)
            .build();

    /** How the replies fared, with its reason code. */
    enum Outcome {
        ACCEPTED(null), REASKED("answer_reasked"), WARD_MODEL("answer_contract_broken_ward_model_answered"),
        REFUSED("answer_contract_broken"), FAILED("answer_backend_failed");

        final String reasonCode;

        Outcome(String reasonCode) {
            this.reasonCode = reasonCode;
        }
    }

    @Override
    public Reasoning reason(Turn turn) {
        String target = turn.route().orElseThrow(() -> new IllegalStateException("reasoning runs after routing"))
                .backendTarget();
        ChatRequest request = turn.instructed(WardPrompt.request(turn.request().userMessage(), turn.evidence()));
        ReplyValidator<WardReply> contract = WardAnswerContract.over(WardPrompt.records(turn.evidence()).stream()
                .map(WardPrompt.WardRecord::id).collect(Collectors.toSet()));
        List<ReaskResult<WardReply>> asks = new ArrayList<>();
        asks.add(REASKER.ask(turn.backends().bound(target), request, contract));
        if (!asks.get(0).accepted() && asks.get(0).failure().isEmpty() && !target.equals(WardAssistant.WARD_MODEL)) {
            asks.add(REASKER.ask(turn.backends().bound(WardAssistant.WARD_MODEL), request, contract));
        }
        ReaskResult<WardReply> last = asks.get(asks.size() - 1);
        Outcome outcome = last.accepted() ? asks.size() > 1 ? Outcome.WARD_MODEL
                : last.attempts().size() > 1 ? Outcome.REASKED : Outcome.ACCEPTED
                : last.failure().isPresent() ? Outcome.FAILED : Outcome.REFUSED;

        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("outcome", outcome.name().toLowerCase(Locale.ROOT));
        if (outcome.reasonCode != null) {
            wire.put("reason_code", outcome.reasonCode);
        }
        wire.put("attempts", attempts(asks));
        turn.extension(EXTENSION, wire);
        turn.auditDetail(EXTENSION, wire);
        int calls = asks.stream().mapToInt(ask -> ask.attempts().size()).sum();
        turn.trace("reasoning", "target " + target + ", answered by " + last.backendId() + "; answer "
                + wire.get("outcome") + (calls > 1 ? " after " + calls + " attempts" : ""), Map.of("contract", wire));
        return switch (outcome) {
            case ACCEPTED, REASKED, WARD_MODEL -> Reasoning.draft(last.value().orElseThrow().answer());
            case REFUSED -> Reasoning.draft("The ward assistant cannot answer this question now: the replies of "
                    + asks.stream().map(ReaskResult::backendId).distinct().collect(Collectors.joining(" and "))
                    + " did not keep the answer contract, even when asked again (" + problems(last.problems())
                    + "). No answer is given rather than one that was not checked.");
            case FAILED -> Reasoning.draft("The ward assistant cannot answer this question now: the model call failed ("
                    + last.failure().orElseThrow().code() + "), and so did the ward's own model.");
        };
    }

    /** The problems by code and place, without their messages: a message may quote the rejected reply. */
    private static String problems(List<Problem> problems) {
        return problems.stream().limit(3).map(p -> p.code() + (p.pointer().isEmpty() ? "" : " at " + p.pointer()))
                .collect(Collectors.joining(", ")) + (problems.size() > 3 ? ", and " + (problems.size() - 3)
                + " more" : "");
    }

    /** Every attempt of every backend asked, in order, numbered per backend. */
    private static List<Map<String, Object>> attempts(List<ReaskResult<WardReply>> asks) {
        return asks.stream().flatMap(ask -> ask.attempts().stream()).map(attempt -> attempt.toWire(MAX_MESSAGE))
                .toList();
    }
}
