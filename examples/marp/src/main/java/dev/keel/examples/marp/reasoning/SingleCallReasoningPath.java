package dev.keel.examples.marp.reasoning;

import dev.keel.core.ConfigurationException;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.LlmBackend;
import dev.keel.llm.adapters.ChainReply;
import dev.keel.llm.adapters.FallbackChain;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/** {@link ReasoningPath}. Immutable; not pure (calls backends); thread-safe when the backends are. */
final class SingleCallReasoningPath implements ReasoningPath {

    private final Map<String, LlmBackend> externals;
    private final LlmBackend internal;

    SingleCallReasoningPath(Map<String, ? extends LlmBackend> externals, LlmBackend internal) {
        this.externals = Map.copyOf(externals);
        this.internal = Objects.requireNonNull(internal, "internal");
        if (this.externals.containsKey(INTERNAL_TARGET)) {
            throw new IllegalArgumentException(INTERNAL_TARGET + " is the internal target, not an external backend");
        }
    }

    @Override
    public Commentary explain(String backendTarget, ExplanationBrief brief) {
        Objects.requireNonNull(backendTarget, "backendTarget");
        LlmBackend external = externals.get(backendTarget);
        if (external == null && !backendTarget.equals(INTERNAL_TARGET)) {
            TreeSet<String> known = new TreeSet<>(externals.keySet());
            known.add(INTERNAL_TARGET);
            throw new ConfigurationException("no backend for target '" + backendTarget + "' (known: "
                    + String.join(", ", known) + ")");
        }
        String prompt = ExplanationPrompt.render(brief);
        ChatRequest.Builder request = ChatRequest.builder().addMessage(ChatMessage.user(prompt));
        brief.requestId().ifPresent(request::requestId);
        ChainReply reply;
        String reason = null;
        if (external != null && brief.topSecretInternalOnly()) {
            // seed 000 §3.4.3: the safeguard overrides the router's external choice
            reply = FallbackChain.of(INTERNAL_TARGET, List.of(internal)).call(request.build());
            reason = "top_secret_internal_only: external target " + backendTarget + " was not called";
        } else if (external != null) {
            reply = FallbackChain.of(backendTarget, List.of(external, internal)).call(request.build());
        } else {
            reply = FallbackChain.of(INTERNAL_TARGET, List.of(internal)).call(request.build());
        }
        String usedReason = reply.backendUsedReason().orElse(null);
        if (reason != null) {
            usedReason = usedReason == null ? reason : reason + "; " + usedReason;
        }
        String text = reply.reply().text();
        return new Commentary(text, reply.backendTarget(), reply.backendUsed(), usedReason, reply.reply().usage(),
                EvidenceNumbers.notIn(text, prompt), prompt);
    }

    @Override
    public String toString() {
        return "ReasoningPath{external=" + new TreeSet<>(externals.keySet()) + ", internal=" + internal.id() + "}";
    }
}
