package dev.keel.aiservices;

import dev.keel.core.BackendException;
import dev.keel.core.NonRetriableBackendException;
import dev.keel.core.reask.Problem;
import dev.keel.core.reask.ReaskResult;
import dev.keel.core.reask.Reasker;
import dev.keel.core.reask.Verdict;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRequest;
import dev.keel.pipeline.BackendCall;
import dev.keel.pipeline.BackendReply;
import dev.keel.pipeline.DraftSink;
import dev.keel.pipeline.Reasoning;
import dev.keel.pipeline.ReasoningStep;
import dev.keel.pipeline.SingleCallReasoning;
import dev.keel.pipeline.Turn;
import dev.keel.pipeline.TurnKey;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The reasoning of a governed chat: one model call to the backend routing chose with the chat's prompt
 * ({@link ChatExchange#prompt}: the evidence, a typed answer's JSON schema, the conversation as the turn may send
 * it). A typed answer that is not one JSON value of the asked shape is asked for once more, through core's
 * {@link Reasker}, and a second miss fails as the backend's; a fitting one is the draft written again by the strict
 * codec, so that the outbound filter reads every string as the caller will. A request that is not a chat's is
 * reasoned as {@link SingleCallReasoning#userMessage()} does. Streamed ({@link #stream}), a chat that is not typed
 * is that one model call streamed. Immutable and thread-safe.
 */
final class ChatReasoning implements ReasoningStep {

    /** Set in every turn this reasoning answered for a chat: the chat model checks that a typed answer was shaped. */
    static final TurnKey<Boolean> SHAPED = TurnKey.of("aiservices_chat_reasoning", Boolean.class);

    /** The rule an answer that is not one JSON value of the asked shape breaks. */
    private static final String MISFIT = "json_answer_shape";

    private static final ReasoningStep OTHER = SingleCallReasoning.userMessage();

    /** One re-ask, with the problem stated in the chat's own words. */
    private static final Reasker REASKER = Reasker.builder().maxReasks(1).history(Reasker.History.LAST)
            .correction(problems -> ChatMessage.user("Your previous answer could not be used ("
                    + problems.get(0).message() + "). Answer again with exactly one JSON value of the asked shape and"
                    + " nothing around it."))
            .build();

    @Override
    public Reasoning reason(Turn turn) {
        Optional<ChatExchange> chat = ChatExchange.of(turn);
        if (chat.isEmpty()) {
            return OTHER.reason(turn);
        }
        ChatExchange exchange = chat.get();
        String target = target(turn);
        ChatRequest prompt = turn.instructed(exchange.prompt(turn));
        // A reply that ends the turn with calls of the caller's tools is no answer yet: there is no shape to check.
        ReaskResult<String> result = REASKER.ask(turn.backends().bound(target), prompt, (reply, attempt) ->
                exchange.misfit(reply).filter(problem -> turn.awaitedToolCalls().isEmpty())
                        .<Verdict<String>>map(problem -> Verdict.reject(List.of(new Problem(MISFIT, "", problem))))
                        .orElseGet(() -> Verdict.accept(reply)));
        Optional<BackendException> failure = result.failure();
        if (failure.isPresent()) {
            throw failure.get();
        }
        BackendCall last = traced(turn, target, result.attempts().size());
        if (!result.accepted()) {
            throw new NonRetriableBackendException(last.used(), "backend '" + last.used() + "' answered twice"
                    + " without one JSON value of the asked shape", null);
        }
        turn.put(SHAPED, Boolean.TRUE);
        return Reasoning.draft(exchange.canonical(result.value().orElseThrow()));
    }

    /**
     * A chat's draft streamed: one model call whose reply is the draft. A typed answer is not streamed: it may be
     * asked for again, and is written again by the codec, so it is reasoned as {@link #reason} does.
     */
    @Override
    public Reasoning stream(Turn turn, DraftSink draft) {
        Optional<ChatExchange> chat = ChatExchange.of(turn);
        if (chat.isEmpty()) {
            return OTHER.stream(turn, draft);
        }
        if (chat.get().json()) {
            return reason(turn);
        }
        String target = target(turn);
        BackendReply reply = turn.backends().stream(target, turn.instructed(chat.get().prompt(turn)), draft);
        traced(turn, target, 1);
        return Reasoning.draft(reply.text());
    }

    private static String target(Turn turn) {
        return turn.route().orElseThrow(() -> new IllegalStateException("reasoning runs after routing"))
                .backendTarget();
    }

    /** Traces who answered after {@code attempts} model calls, and returns the last call. */
    private static BackendCall traced(Turn turn, String target, int attempts) {
        List<BackendCall> calls = turn.backends().calls();
        BackendCall last = calls.get(calls.size() - 1);
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("target", target);
        details.put("used", last.used());
        if (last.usedReason() != null) {
            details.put("used_reason", last.usedReason());
        }
        details.put("attempts", attempts);
        turn.trace("reasoning", "target " + target + ", answered by " + last.used()
                + (last.usedReason() == null ? "" : " (" + last.usedReason() + ")"), details);
        return last;
    }

    @Override
    public String toString() {
        return "ChatReasoning";
    }
}
