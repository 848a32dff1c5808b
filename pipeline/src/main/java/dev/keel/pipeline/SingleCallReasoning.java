package dev.keel.pipeline;

import dev.keel.core.spi.ChatRequest;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * The simplest reasoning: one model call to the backend routing chose, with the application's prompt
 * {@linkplain Turn#instructed instructed} for the turn (the PARTIAL instruction, a regeneration's instruction). The
 * reply is the draft. The call goes through {@link Turn#backends()}: egress-filtered when it leaves the house, never outside for
 * an internal-only request, falling back to the internal backend when the chosen one fails.
 *
 * <p>The request's tools ({@link GovernedRequest#tools()}) are offered with the prompt unless the prompt offers its
 * own: the model's calls of them pass the policy's tool gate in {@link BackendCalls}, round after round, until it
 * answers with text.
 *
 * <p>Streamed ({@link #stream}), the same call streams: the pipeline gives its reply to the caller through the
 * outbound filter as it arrives.
 *
 * <p>Immutable; thread-safe when the prompt function is.
 */
public final class SingleCallReasoning implements ReasoningStep {

    private final Function<Turn, ChatRequest> prompt;

    private SingleCallReasoning(Function<Turn, ChatRequest> prompt) {
        this.prompt = Objects.requireNonNull(prompt, "prompt");
    }

    /** Reasoning that sends the request {@code prompt} builds for the turn. */
    public static SingleCallReasoning of(Function<Turn, ChatRequest> prompt) {
        return new SingleCallReasoning(prompt);
    }

    /**
     * Reasoning that sends the conversation as the turn may send it ({@link Turn#conversation()}: the history without
     * what was denied, then the user's message), every part with its labels.
     */
    public static SingleCallReasoning userMessage() {
        return of(turn -> ChatRequest.builder().messages(turn.conversation()).build());
    }

    @Override
    public Reasoning reason(Turn turn) {
        String target = target(turn);
        return drafted(turn, turn.backends().chat(target, request(turn)));
    }

    /** The same one model call, streamed: the reply is given to {@code draft} as it arrives. */
    @Override
    public Reasoning stream(Turn turn, DraftSink draft) {
        String target = target(turn);
        return drafted(turn, turn.backends().stream(target, request(turn), draft));
    }

    /** The prompt, instructed for the turn, offering the request's tools unless it offers its own. */
    private ChatRequest request(Turn turn) {
        ChatRequest request = turn.instructed(prompt.apply(turn));
        Tools tools = turn.request().tools();
        return tools.isEmpty() || !request.tools().isEmpty() ? request
                : request.toBuilder().tools(tools.specs()).build();
    }

    private static String target(Turn turn) {
        return turn.route().orElseThrow(() -> new IllegalStateException("reasoning runs after routing"))
                .backendTarget();
    }

    private static Reasoning drafted(Turn turn, BackendReply reply) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("target", reply.target());
        details.put("used", reply.used());
        reply.usedReasonIfAny().ifPresent(reason -> details.put("used_reason", reason));
        turn.trace("reasoning", "target " + reply.target() + ", answered by " + reply.used()
                + reply.usedReasonIfAny().map(reason -> " (" + reason + ")").orElse(""), details);
        return Reasoning.draft(reply.text());
    }
}
