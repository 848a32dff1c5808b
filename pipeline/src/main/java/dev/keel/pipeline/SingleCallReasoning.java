package dev.keel.pipeline;

import dev.keel.core.Decision;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRequest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * The simplest reasoning: one model call to the backend routing chose, with the application's prompt. Under a
 * PARTIAL decision the policy's PARTIAL instruction is added to the prompt as a system message; when an
 * enforcement step asked for the answer again, its instruction is added as the last user message. The reply is the
 * draft. The call goes through {@link Turn#backends()}: egress-filtered when it leaves the house, never outside for
 * an internal-only request, falling back to the internal backend when the chosen one fails.
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

    /** Reasoning that sends the user's message as it is. */
    public static SingleCallReasoning userMessage() {
        return of(turn -> ChatRequest.ofUserMessage(turn.request().message()));
    }

    @Override
    public Reasoning reason(Turn turn) {
        ChatRequest request = prompt.apply(turn);
        List<ChatMessage> messages = new ArrayList<>();
        if (turn.decision() == Decision.PARTIAL) {
            messages.add(ChatMessage.system(turn.partialInstruction()));
        }
        messages.addAll(request.messages());
        turn.regenerationInstruction().ifPresent(instruction -> messages.add(ChatMessage.user(instruction)));
        String target = turn.route().orElseThrow(() -> new IllegalStateException("reasoning runs after routing"))
                .backendTarget();
        BackendReply reply = turn.backends().chat(target, request.toBuilder().messages(messages).build());
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("target", reply.target());
        details.put("used", reply.used());
        reply.usedReasonIfAny().ifPresent(reason -> details.put("used_reason", reason));
        turn.trace("reasoning", "target " + reply.target() + ", answered by " + reply.used()
                + reply.usedReasonIfAny().map(reason -> " (" + reason + ")").orElse(""), details);
        return Reasoning.draft(reply.text());
    }
}
