package dev.keel.pipeline.internal;

import dev.keel.core.BackendException;
import dev.keel.core.ConfigurationException;
import dev.keel.core.NonRetriableBackendException;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.LlmBackend;
import dev.keel.pipeline.BackendCall;
import dev.keel.pipeline.BackendCalls;
import dev.keel.pipeline.BackendReply;
import dev.keel.pipeline.Backends;
import dev.keel.policy.FilteredText;
import dev.keel.policy.OutboundFilter;
import dev.keel.policy.Redaction;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@link BackendCalls} of one turn: the internal-only guard, the egress filter, the fallback and the record of
 * every call. Thread-safe: the record is synchronized.
 */
final class GovernedBackendCalls implements BackendCalls {

    /** Makes the calls of one turn. */
    interface Factory {
        GovernedBackendCalls create(TurnState turn, OutboundFilter egressFilter);
    }

    private final Backends backends;
    private final TurnState turn;
    private final OutboundFilter egressFilter;
    private final List<BackendCall> calls = new ArrayList<>();

    GovernedBackendCalls(Backends backends, TurnState turn, OutboundFilter egressFilter) {
        this.backends = backends;
        this.turn = turn;
        this.egressFilter = egressFilter;
    }

    @Override
    public BackendReply chat(String target, ChatRequest request) {
        backend(target); // an unknown target is refused whatever the sensitivity
        ChatRequest withId = request.requestId().isPresent() ? request
                : request.toBuilder().requestId(turn.requestId()).build();
        String fallback = backends.fallback();
        if (keptInside(target)) {
            // The request must stay in the house: the external backend is never sent a word of it.
            return call(target, fallback, withId, "internal_only (" + String.join(", ", turn.sensitivity().rules())
                    + "): external target " + target + " was not called");
        }
        try {
            return call(target, target, withId, null);
        } catch (BackendException failure) {
            if (target.equals(fallback)) {
                throw failure;
            }
            // Code and status only: a backend's own text (an error body) may carry data or instructions.
            return call(target, fallback, withId, failure.backendId() + " failed (" + failure.summary() + ")");
        }
    }

    /**
     * What the backend called for {@code target} receives of {@code request}, without calling it: the request the
     * fallback receives when the request must stay in the house, else the egress-filtered one for an external
     * backend, as that backend would send it ({@link LlmBackend#outgoing}).
     */
    ChatRequest outgoing(String target, ChatRequest request) {
        backend(target); // an unknown target is refused whatever the sensitivity
        String name = keptInside(target) ? backends.fallback() : target;
        ChatRequest sent = backends.isExternal(name) ? egressFiltered(request, new TreeMap<>()) : request;
        return backend(name).outgoing(sent);
    }

    private LlmBackend backend(String name) {
        return backends.find(name).orElseThrow(() -> new ConfigurationException("no backend named '"
                + name + "'; backends: " + new java.util.TreeSet<>(backends.names())));
    }

    private boolean keptInside(String target) {
        return backends.isExternal(target) && turn.sensitivity().internalOnly();
    }

    private BackendReply call(String target, String name, ChatRequest request, String failureReason) {
        LlmBackend backend = backend(name);
        boolean external = backends.isExternal(name);
        Map<String, Integer> withheld = new TreeMap<>();
        ChatRequest sent = external ? egressFiltered(request, withheld) : request;
        ChatReply reply;
        try {
            reply = backend.chat(sent);
        } catch (BackendException failure) {
            record(failed(target, name, failure, failureReason, external, withheld));
            throw failure;
        } catch (RuntimeException failure) {
            BackendException wrapped = new NonRetriableBackendException(name, "backend '" + name
                    + "' failed with an unexpected " + failure.getClass().getSimpleName(), failure);
            record(failed(target, name, wrapped, failureReason, external, withheld));
            throw wrapped;
        }
        String used = reply.backendId();
        String reason = failureReason != null ? failureReason + "; answered by " + used
                : used.equals(target) ? null : target + " is served by " + used;
        record(new BackendCall(target, used, reason, external, reply.usage(), withheld));
        return new BackendReply(reply, target, used, reason);
    }

    /**
     * A failed call: its code and HTTP status, after the reason this backend was called instead of the target, if
     * any.
     */
    private static BackendCall failed(String target, String name, BackendException failure, String failureReason,
                                      boolean external, Map<String, Integer> withheld) {
        String reason = failureReason == null ? failure.summary() : failureReason + "; " + name + " failed ("
                + failure.summary() + ")";
        return new BackendCall(target, name, reason, external, dev.keel.core.spi.TokenUsage.UNKNOWN, withheld);
    }

    /** {@code request} with every message passed through the outbound filter under the turn's decision. */
    private ChatRequest egressFiltered(ChatRequest request, Map<String, Integer> withheld) {
        List<ChatMessage> messages = new ArrayList<>(request.messages().size());
        for (ChatMessage message : request.messages()) {
            FilteredText text = egressFilter.apply(turn.decision(), message.text());
            for (Redaction redaction : text.redactions()) {
                withheld.merge(redaction.kind(), 1, Integer::sum);
            }
            messages.add(new ChatMessage(message.role(), text.text()));
        }
        return request.toBuilder().messages(messages).build();
    }

    private synchronized void record(BackendCall call) {
        calls.add(call);
    }

    @Override
    public LlmBackend bound(String target) {
        return new LlmBackend() {
            @Override
            public ChatReply chat(ChatRequest request) {
                return GovernedBackendCalls.this.chat(target, request).reply();
            }

            @Override
            public ChatRequest outgoing(ChatRequest request) {
                return GovernedBackendCalls.this.outgoing(target, request);
            }

            @Override
            public String id() {
                return target;
            }
        };
    }

    @Override
    public synchronized List<BackendCall> calls() {
        return List.copyOf(calls);
    }
}
