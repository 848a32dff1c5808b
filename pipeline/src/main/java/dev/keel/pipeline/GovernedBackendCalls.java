package dev.keel.pipeline;

import dev.keel.core.BackendException;
import dev.keel.core.CancelledException;
import dev.keel.core.ConfigurationException;
import dev.keel.core.Decision;
import dev.keel.core.InvalidInputException;
import dev.keel.core.NonRetriableBackendException;
import dev.keel.core.content.Labels;
import dev.keel.core.content.Part;
import dev.keel.core.spi.ChainReply;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.FallbackChain;
import dev.keel.core.spi.ForwardingBackend;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.StreamAttempt;
import dev.keel.core.spi.StreamHandle;
import dev.keel.core.spi.StreamSink;
import dev.keel.core.spi.TokenUsage;
import dev.keel.core.spi.ToolSpec;
import dev.keel.policy.ContentReading;
import dev.keel.policy.FilteredPart;
import dev.keel.policy.PartialKinds;
import dev.keel.policy.Redaction;
import dev.keel.reading.OutboundFilter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * {@link BackendCalls} of one turn: each call is a {@link FallbackChain} from the target to the pipeline's fallback,
 * under the governed call's rules (the internal-only guard passes over external backends, the egress filter
 * filters what an external one is sent), and every call is recorded. Thread-safe: the record is synchronized.
 */
final class GovernedBackendCalls implements BackendCalls {

    /** Makes the calls of one turn. */
    interface Factory {
        GovernedBackendCalls create(TurnState turn, OutboundFilter egressFilter);
    }

    private final Backends backends;
    private final TurnState turn;
    private final OutboundFilter egressFilter;
    private final ContentReader reader;
    private final List<BackendCall> calls = new ArrayList<>();
    private final ToolRounds tools;
    /** Each tool specification's labels, read once in the turn. */
    private final Map<ToolSpec, Labels> specLabels = new HashMap<>();

    /** What a call the caller cancelled says in place of the reason another backend answered. */
    static final String CANCELLED = "cancelled by the caller";

    /** A tool's specification holds a domain the principal may not see: no backend is offered the tool. */
    static final String SPEC_DENIED = "tool_spec_denied";
    /** A tool's specification must stay in the house (a marking, an internal-only domain): no external backend is
     * offered the tool. */
    static final String SPEC_INTERNAL_ONLY = "tool_spec_internal_only";
    /** The egress filter withholds a tool's name, or its schema whole: no external backend is offered the tool. */
    static final String SPEC_WITHHELD = "tool_spec_withheld";

    GovernedBackendCalls(Backends backends, TurnState turn, OutboundFilter egressFilter, ContentReader reader,
                         ToolRounds tools) {
        this.backends = backends;
        this.turn = turn;
        this.egressFilter = egressFilter;
        this.reader = reader;
        this.tools = tools;
    }

    /** The tool loop of the turn, with the record of every tool call. */
    ToolRounds tools() {
        return tools;
    }

    /** A request that offers tools is the tool loop, each round one governed call. */
    @Override
    public BackendReply chat(String target, ChatRequest request) {
        return request.tools().isEmpty() ? called(target, request) : tools.run(request, next -> called(target, next));
    }

    /**
     * Streamed, a request that offers tools is the tool loop, each round streamed and held: only the round that
     * answers without a tool call reaches {@code draft}, when it has ended, so that a tool's result that lowers the
     * decision is in before the answer is shown under it.
     */
    @Override
    public BackendReply stream(String target, ChatRequest request, DraftSink draft) {
        if (request.tools().isEmpty()) {
            return streamed(target, request, draft);
        }
        List<String> held = new ArrayList<>();
        DraftSink holding = new DraftSink() {
            @Override
            public void chunk(String text) {
                held.add(text);
            }

            @Override
            public StreamHandle handle() {
                return draft.handle();
            }
        };
        BackendReply reply = tools.run(request, next -> {
            held.clear();
            return streamed(target, next, holding);
        });
        // A round that ends the turn with calls for the caller is no answer: its text is not streamed as one.
        if (turn.awaitedToolCalls().isEmpty()) {
            held.forEach(draft::chunk);
        }
        return reply;
    }

    private BackendReply called(String target, ChatRequest request) {
        ChatRequest sendable = sendable(target, request);
        Attempts attempts = new Attempts(target, true);
        return answered(target, attempts, FallbackChain.of(target, members(target), attempts).call(sendable));
    }

    private BackendReply streamed(String target, ChatRequest request, DraftSink draft) {
        ChatRequest sendable = sendable(target, request);
        Attempts attempts = new Attempts(target, true);
        StreamHandle handle = draft.handle();
        // Keeps the ending the chain gives; the chunks go on to the draft at once.
        StreamAttempt heard = StreamAttempt.forwardingTo(new StreamSink() {
            @Override
            public void chunk(String text) {
                draft.chunk(text);
            }

            @Override
            public void complete(ChatReply reply) {
            }

            @Override
            public void fail(BackendException failure) {
            }
        });
        Optional<ChainReply> answer = FallbackChain.of(target, members(target), attempts)
                .streamCall(sendable, heard, handle);
        if (answer.isPresent()) {
            return answered(target, attempts, answer.get());
        }
        if (handle.isCancelled()) {
            throw new CancelledException("the caller cancelled the stream");
        }
        throw heard.failure().orElseThrow(() -> new IllegalStateException("a stream ended without an ending"));
    }

    /** {@code request} as it may be sent to the chain for {@code target}: nothing denied, the turn's request id. */
    private ChatRequest sendable(String target, ChatRequest request) {
        backend(target); // an unknown target is refused whatever the sensitivity
        ChatRequest sendable = withoutDenied(request, true);
        return sendable.requestId().isPresent() ? sendable
                : sendable.toBuilder().requestId(turn.requestId()).build();
    }

    /** Records the call the chain answered, and the reply. */
    private BackendReply answered(String target, Attempts attempts, ChainReply answer) {
        // The chain returned a reply, so one of its members answered.
        Member answered = Objects.requireNonNull(attempts.answered, "answered");
        String reason = answer.backendUsedReason().orElse(null);
        record(new BackendCall(target, answer.backendUsed(), reason, answered.external, answer.reply().usage(),
                attempts.withheld));
        return new BackendReply(answer.reply(), target, answer.backendUsed(), reason);
    }

    /**
     * The chain for {@code target}: the target, then the fallback (an internal backend) unless the target is the
     * fallback.
     */
    private List<Member> members(String target) {
        String fallback = backends.fallback();
        List<Member> members = new ArrayList<>(2);
        members.add(member(target));
        if (!target.equals(fallback)) {
            members.add(member(fallback));
        }
        return members;
    }

    private Member member(String name) {
        return new Member(name, backend(name), backends.isExternal(name));
    }

    /**
     * What the backend called for {@code target} receives of {@code request}, without calling it: the request the
     * fallback receives when the request must stay in the house, else the egress-filtered one for an external
     * backend, as that backend would send it ({@link LlmBackend#outgoing}).
     */
    ChatRequest outgoing(String target, ChatRequest request) {
        backend(target); // an unknown target is refused whatever the sensitivity
        return FallbackChain.of(target, members(target), new Attempts(target, false))
                .outgoing(withoutDenied(request, false));
    }

    private LlmBackend backend(String name) {
        return backends.find(name).orElseThrow(() -> new ConfigurationException("no backend named '"
                + name + "'; backends: " + new java.util.TreeSet<>(backends.names())));
    }

    /**
     * A backend of the pipeline by its name, and whether it is outside the house: what it would send is
     * egress-filtered when it is.
     */
    private final class Member extends ForwardingBackend {
        final String name;
        final boolean external;

        Member(String name, LlmBackend backend, boolean external) {
            super(backend);
            this.name = name;
            this.external = external;
        }

        /** The pipeline's backend of this name, which the gate calls. */
        LlmBackend backend() {
            return delegate();
        }

        @Override
        public ChatRequest outgoing(ChatRequest request) {
            return super.outgoing(external ? egressFiltered(request, new TreeMap<>(), false) : request);
        }
    }

    /**
     * The governed call's rules over the fallback chain of one call: an external backend is passed over when the
     * request must stay in the house, and is sent the egress-filtered request otherwise; every failed call is
     * recorded, the one that answers is kept for the record the caller makes. Used by one call, on its thread.
     */
    private final class Attempts implements FallbackChain.Gate<Member> {
        private final String target;
        /** Whether the turn records what the gate did: a real call does, an estimate does not. */
        private final boolean record;
        private @Nullable Member answered;
        private Map<String, Integer> withheld = Map.of();

        Attempts(String target, boolean record) {
            this.target = target;
            this.record = record;
        }

        @Override
        public Optional<String> passOver(Member member, ChatRequest request) {
            if (!member.external) {
                return Optional.empty();
            }
            // The request must stay in the house: the external backend is never sent a word of it.
            if (turn.sensitivity().internalOnly()) {
                return Optional.of("internal_only (" + String.join(", ", turn.sensitivity().rules())
                        + "): external target " + member.name + " was not called");
            }
            // A part labelled internal only (a tool's result, content a step carried over) keeps the whole request in.
            boolean held = request.messages().stream().flatMap(message -> message.parts().stream())
                    .anyMatch(part -> !part.labels().mayLeave());
            if (held) {
                if (record) {
                    turn.reasonCode("internal_only_content");
                }
                return Optional.of("internal_only_content (a part labelled internal only): external target "
                        + member.name + " was not called");
            }
            return Optional.empty();
        }

        /**
         * The member's {@link #round} over its backend's {@code chat}. Called, no caller's sink is on this thread, so
         * whatever else the backend throws is its failure, and the chain moves on.
         */
        @Override
        public ChatReply call(Member member, ChatRequest request, Optional<String> calledBecause) {
            LlmBackend called = asked -> {
                try {
                    return member.backend().chat(asked);
                } catch (BackendException failure) {
                    throw failure;
                } catch (RuntimeException failure) {
                    throw new NonRetriableBackendException(member.name, "backend '" + member.name
                            + "' failed with an unexpected " + failure.getClass().getSimpleName(), failure);
                }
            };
            return StreamAttempt.collect(member.name, (sink, handle) -> round(member, called, request, calledBecause,
                    sink, handle));
        }

        /**
         * The member's {@link #round} over its backend's stream. What the stream throws is not wrapped: it may be
         * what the caller's sink threw, on this thread.
         */
        @Override
        public void stream(Member member, ChatRequest request, Optional<String> calledBecause, StreamSink sink,
                           StreamHandle handle) {
            round(member, member.backend(), request, calledBecause, sink, handle);
        }

        /**
         * Streams the request from {@code next} (the member's backend, streamed or called), egress-filtered for an
         * external backend; keeps the member that answered, and records a failure or a cancel.
         */
        private void round(Member member, LlmBackend next, ChatRequest request, Optional<String> calledBecause,
                           StreamSink sink, StreamHandle handle) {
            Map<String, Integer> filtered = new TreeMap<>();
            ChatRequest sent = member.external ? egressFiltered(request, filtered, record) : request;
            StreamAttempt attempt = StreamAttempt.run(next, sent, sink, handle);
            if (attempt.reply().isPresent()) {
                answered = member;
                withheld = filtered;
            } else if (attempt.failure().isPresent()) {
                record(failed(member, attempt.failure().get(), calledBecause, filtered));
            } else {
                String reason = calledBecause.map(why -> why + "; ").orElse("") + CANCELLED;
                record(new BackendCall(target, member.name, reason, member.external, TokenUsage.UNKNOWN, filtered));
            }
            attempt.end();
        }

        /**
         * A failed call: its code and HTTP status, after the reason this backend was called instead of the target,
         * if any.
         */
        private BackendCall failed(Member member, BackendException failure, Optional<String> calledBecause,
                                   Map<String, Integer> filtered) {
            String reason = calledBecause.map(why -> why + "; " + member.name + " failed (" + failure.summary() + ")")
                    .orElse(failure.summary());
            return new BackendCall(target, member.name, reason, member.external, TokenUsage.UNKNOWN, filtered);
        }
    }

    /**
     * {@code request} without the parts labelled DENY: they are never replayed, to any backend. A message left with
     * no part is dropped whole.
     *
     * @param record whether to record the drop in the turn (a real call does; an estimate does not)
     * @throws InvalidInputException when nothing of the request is left
     */
    private ChatRequest withoutDenied(ChatRequest request, boolean record) {
        request = withoutDeniedTools(request, record);
        int dropped = 0;
        List<ChatMessage> messages = new ArrayList<>(request.messages().size());
        for (ChatMessage message : request.messages()) {
            List<Part> parts = message.parts().stream().filter(part -> !part.labels().denied()).toList();
            dropped += message.parts().size() - parts.size();
            if (!parts.isEmpty()) {
                messages.add(parts.size() == message.parts().size() ? message : new ChatMessage(message.role(), parts));
            }
        }
        if (dropped == 0) {
            return request;
        }
        if (messages.isEmpty()) {
            throw new InvalidInputException("every part of the request is labelled denied: nothing may be sent");
        }
        if (record) {
            turn.reasonCode("denied_content_dropped");
            turn.trace("backend_calls", dropped + " part(s) labelled denied dropped from a model request",
                    Map.of("dropped_parts", dropped));
        }
        return request.toBuilder().messages(messages).build();
    }

    /** {@code request} without the tools whose specification holds a domain the principal may not see. */
    private ChatRequest withoutDeniedTools(ChatRequest request, boolean record) {
        List<ToolSpec> offered = new ArrayList<>(request.tools().size());
        for (ToolSpec spec : request.tools()) {
            if (specLabels(spec).denied()) {
                notOffered(spec, SPEC_DENIED, "any backend", record);
            } else {
                offered.add(spec);
            }
        }
        return offered.size() == request.tools().size() ? request : request.toBuilder().tools(offered).build();
    }

    /**
     * What reading {@code spec} (its name, description and every string of its schema, as one JSON part) finds: its
     * domains, internal only by a marking or an internal-only domain, and the principal's decision over those
     * domains. Read once in the turn.
     */
    private Labels specLabels(ToolSpec spec) {
        synchronized (specLabels) {
            return specLabels.computeIfAbsent(spec, read -> {
                ContentReading reading = reader.read(specPart(read));
                Labels labels = reading.labels();
                if (reading.domains().isEmpty() || turn.principal().isEmpty()) {
                    return labels;
                }
                return labels.join(Labels.of(Set.of(), false,
                        reader.decision(turn.principal().get(), reading.domains())));
            });
        }
    }

    private static Part specPart(ToolSpec spec) {
        Map<String, Object> tree = new LinkedHashMap<>();
        tree.put("name", spec.name());
        tree.put("description", spec.description());
        tree.put("parameters", spec.parameters());
        return Part.json(tree);
    }

    /**
     * {@code spec} as an external backend may be offered it: empty when it must stay in the house, or when the
     * egress filter withholds its name or its schema whole; else its description and schema filtered under the
     * turn's decision, or the specification's own when lower. What was withheld is counted in {@code withheld}.
     */
    private Optional<ToolSpec> egressFiltered(ToolSpec spec, Decision decision, PartialKinds kinds,
                                              Map<String, Integer> withheld, boolean record) {
        Labels labels = specLabels(spec);
        if (!labels.mayLeave()) {
            notOffered(spec, SPEC_INTERNAL_ONLY, "an external backend", record);
            return Optional.empty();
        }
        FilteredPart filtered = egressFilter.apply(labels.assessed().map(decision::mostRestrictive).orElse(decision),
                kinds, specPart(spec));
        for (Redaction redaction : filtered.redactions()) {
            withheld.merge(redaction.kind(), 1, Integer::sum);
        }
        if (filtered.redactions().isEmpty()) {
            return Optional.of(spec);
        }
        if (filtered.part() instanceof Part.Json json && json.value() instanceof Map<?, ?> tree
                && spec.name().equals(tree.get("name")) && tree.get("description") instanceof String description
                && tree.get("parameters") instanceof Map<?, ?> parameters) {
            @SuppressWarnings("unchecked")
            Map<String, Object> schema = (Map<String, Object>) parameters;
            return Optional.of(new ToolSpec(spec.name(), description, schema));
        }
        notOffered(spec, SPEC_WITHHELD, "an external backend", record);
        return Optional.empty();
    }

    private void notOffered(ToolSpec spec, String code, String to, boolean record) {
        if (record) {
            turn.reasonCode(code);
            turn.trace("backend_calls", "tool " + spec.name() + " not offered to " + to + " (" + code + ")",
                    Map.of("tool", spec.name(), "reason_code", code));
        }
    }

    /**
     * Whether the backend that gave {@code reply} was offered {@code spec} in this turn: a model may ask for a tool it
     * was not offered (it read the name elsewhere, or guesses), and such a call is not made.
     */
    boolean offered(BackendReply reply, ToolSpec spec) {
        if (specLabels(spec).denied()) {
            return false;
        }
        return !answeredOutside(reply)
                || egressFiltered(spec, turn.decision(), turn.partialKinds(), new TreeMap<>(), false).isPresent();
    }

    /** Whether {@code reply} came from an external backend: the latest call recorded for its target and backend. */
    private synchronized boolean answeredOutside(BackendReply reply) {
        for (int i = calls.size() - 1; i >= 0; i--) {
            BackendCall call = calls.get(i);
            if (call.target().equals(reply.target()) && call.used().equals(reply.used())) {
                return call.external();
            }
        }
        return true;
    }

    /**
     * {@code request} with every part passed through the outbound filter, read as its kind says, under the turn's
     * decision or the part's own when that is lower, and each tool's specification read and filtered as a part
     * ({@link #egressFiltered(ToolSpec, Decision, PartialKinds, Map, boolean)}). Never the rendered message: a prompt
     * is assembled from filtered parts.
     *
     * @param record whether to record in the turn which tools were not offered (a real call does; an estimate does
     *               not)
     */
    private ChatRequest egressFiltered(ChatRequest request, Map<String, Integer> withheld, boolean record) {
        Decision decision = turn.decision();
        PartialKinds kinds = turn.partialKinds();
        List<ToolSpec> offered = new ArrayList<>(request.tools().size());
        for (ToolSpec spec : request.tools()) {
            egressFiltered(spec, decision, kinds, withheld, record).ifPresent(offered::add);
        }
        List<ChatMessage> messages = new ArrayList<>(request.messages().size());
        for (ChatMessage message : request.messages()) {
            List<Part> parts = new ArrayList<>(message.parts().size());
            for (Part part : message.parts()) {
                FilteredPart filtered = egressFilter.apply(part.labels().assessed()
                        .map(decision::mostRestrictive).orElse(decision), kinds, part);
                for (Redaction redaction : filtered.redactions()) {
                    withheld.merge(redaction.kind(), 1, Integer::sum);
                }
                filtered.kept().ifPresent(parts::add);
            }
            if (!parts.isEmpty()) {
                messages.add(new ChatMessage(message.role(), parts));
            }
        }
        return request.toBuilder().messages(messages).tools(offered).build();
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
