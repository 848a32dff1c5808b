package dev.keel.pipeline;

import dev.keel.core.Decision;
import dev.keel.core.InvalidInputException;
import dev.keel.core.Provenance;
import dev.keel.core.content.Labels;
import dev.keel.core.content.Part;
import dev.keel.core.evidence.EvidenceSet;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRole;
import dev.keel.pipeline.internal.ShownContent;
import dev.keel.policy.GovernanceBundle;
import dev.keel.policy.PartialKinds;
import dev.keel.reading.OutboundFilter;
import dev.keel.routing.RoutingDecision;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The result of one governed call: how it ended, the decision it was answered under, the text the user may read,
 * what was withheld (kind and place, never the text), the provenance, the trace of every step, the model calls
 * made, and the turn as two labelled messages for the host's chat memory ({@link #userMessage()},
 * {@link #answerMessage()}). The audit record of the call was written before this was returned.
 *
 * <p>Everything the user may see is filtered when the answer is built, in this one place, under its decision (a
 * denial's own text as under PARTIAL): the text, and every leaf of each extension an application's step set, read
 * as a JSON value (strings and keys scanned, numbers withheld under PARTIAL). Keel's own extensions
 * ({@link #KEEL_EXTENSIONS}: routing's, the sensitivity's rules, the number of model calls), the reason another
 * backend answered and a failed call's detail (a failure's code and HTTP status, never a provider's text) are
 * Keel-made and kept.
 *
 * <p>Immutable and thread-safe.
 */
public final class GovernedAnswer {

    /** The provenance extensions the pipeline itself writes, from its own values; a step may not set them. */
    public static final Set<String> KEEL_EXTENSIONS = Set.of(RoutingDecision.ROUTER_SELECTED_LLM,
            RoutingDecision.REASONING_MODE, RoutingDecision.INTERNAL_ONLY, RoutingDecision.ROUTING_OVERRIDE,
            "internal_only_rules", "llm_calls");

    private final String requestId;
    private final TurnOutcome outcome;
    private final Decision decision;
    private final String text;
    private final List<Withheld> withheld;
    private final Provenance provenance;
    private final List<TraceStep> trace;
    private final List<BackendCall> calls;
    private final GovernanceBundle governance;
    private final EvidenceSet evidence;
    private final Map<TurnKey<?>, Object> values;
    private final ChatMessage userMessage;
    private final ChatMessage answerMessage;
    private final List<Part.ToolCall> toolCalls;

    private GovernedAnswer(Builder b) {
        this.requestId = Objects.requireNonNull(b.requestId, "requestId");
        this.outcome = Objects.requireNonNull(b.outcome, "outcome");
        this.decision = Objects.requireNonNull(b.decision, "decision");
        Objects.requireNonNull(b.text, "text");
        Objects.requireNonNull(b.provenance, "provenance");
        this.userMessage = Objects.requireNonNull(b.userMessage, "userMessage");
        // A denial's own text (its reason and rationale) may still hold figures: it is shown as under PARTIAL.
        ShownContent shown = new ShownContent(b.filter, decision == Decision.DENY ? Decision.PARTIAL : decision,
                b.partialKinds);
        ShownContent.Text filtered = shown.text(b.text);
        this.text = filtered.text();
        this.withheld = filtered.withheld();
        this.provenance = shown.provenance(b.provenance, KEEL_EXTENSIONS);
        this.calls = List.copyOf(b.calls);
        Decision shownUnder = decision == Decision.DENY ? Decision.PARTIAL : decision;
        List<TraceStep> steps = new ArrayList<>(b.trace);
        steps.add(new TraceStep("outbound_filter", withheld.size() + " redaction(s) under " + shownUnder.wireName(),
                Map.of("withheld", Withheld.counts(withheld))));
        this.trace = List.copyOf(steps);
        this.governance = Objects.requireNonNull(b.governance, "governance");
        this.evidence = Objects.requireNonNull(b.evidence, "evidence");
        this.values = Map.copyOf(b.values);
        Labels labels = b.labels != null ? b.labels : Labels.of(Set.of(), false, decision);
        this.answerMessage = ChatMessage.of(ChatRole.ASSISTANT, new Part.Markdown(text, labels));
        this.toolCalls = List.copyOf(b.toolCalls);
        if (toolCalls.isEmpty() == (outcome == TurnOutcome.TOOL_CALLS)) {
            throw new InvalidInputException("an answer carries tool calls exactly when its outcome is "
                    + TurnOutcome.TOOL_CALLS.wireName());
        }
    }

    /** Assembles an answer: the pipeline's, or a test's stand-in. */
    public static Builder builder() {
        return new Builder();
    }

    public String requestId() {
        return requestId;
    }

    public TurnOutcome outcome() {
        return outcome;
    }

    /** The decision the answer was written under (governance's, lowered by the evidence's domains). */
    public Decision decision() {
        return decision;
    }

    /** The text the user may read: filtered under the decision when the answer was built. */
    public String text() {
        return text;
    }

    /**
     * The user's message of this turn with its labels: each part's own, joined with the turn's (the domains the
     * turn touched, internal only when it had to stay in the house, the decision; DENY when it was denied). A host's
     * chat memory keeps it so, and gives it back in the next request's history.
     */
    public ChatMessage userMessage() {
        return userMessage;
    }

    /** The answer as an assistant message for the host's chat memory: {@link #text()}, labelled as the turn. */
    public ChatMessage answerMessage() {
        return answerMessage;
    }

    /** The turn's labels, which the answer message carries. */
    public Labels labels() {
        return answerMessage.labels();
    }

    /**
     * The calls of tools the caller runs that the turn ended with ({@link TurnOutcome#TOOL_CALLS}): each allowed by
     * the policy's tool gate, with the arguments as the gate lets them leave (an external tool's egress-filtered under
     * the turn's decision, its sensitive arguments withheld whole); empty for any other outcome. The caller runs
     * them and sends their results in its next request ({@link GovernedRequest.Builder#toolExchange}).
     */
    public List<Part.ToolCall> toolCalls() {
        return toolCalls;
    }

    /** What the outbound filter withheld, in text order. */
    public List<Withheld> withheld() {
        return withheld;
    }

    /** How many pieces of each kind were withheld. */
    public Map<String, Integer> withheldCounts() {
        return Withheld.counts(withheld);
    }

    public Provenance provenance() {
        return provenance;
    }

    /** What each step decided, in order, ending with what the outbound filter withheld when the answer was built. */
    public List<TraceStep> trace() {
        return trace;
    }

    /** The model calls made, in order. */
    public List<BackendCall> calls() {
        return calls;
    }

    /** What governance decided (principal, domains, decision, rationale). */
    public GovernanceBundle governance() {
        return governance;
    }

    /** The evidence the answer used. */
    public EvidenceSet evidence() {
        return evidence;
    }

    /** A value the steps of the call kept under {@code key} ({@link Turn#put}); empty when none did. */
    public <T> java.util.Optional<T> value(TurnKey<T> key) {
        return java.util.Optional.ofNullable(key.type().cast(values.get(key)));
    }

    /** The answer as a plain JSON object: request id, outcome, decision, text, withheld, provenance, trace. */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new java.util.LinkedHashMap<>();
        wire.put("request_id", requestId);
        wire.put("outcome", outcome.wireName());
        wire.put("decision", decision.wireName());
        wire.put("text", text);
        List<Object> items = new ArrayList<>();
        withheld.forEach(item -> items.add(item.toWire()));
        wire.put("withheld", items);
        wire.put("provenance", provenance.toWire());
        List<Object> steps = new ArrayList<>();
        trace.forEach(step -> steps.add(step.toWire()));
        wire.put("trace", steps);
        return wire;
    }

    @Override
    public String toString() {
        return "GovernedAnswer{" + requestId + ", " + outcome.wireName() + ", " + decision.wireName() + ", "
                + text.length() + " characters}";
    }

    /** Collects an answer; not thread-safe. */
    public static final class Builder {
        private @Nullable String requestId;
        private @Nullable TurnOutcome outcome;
        private @Nullable Decision decision;
        private @Nullable String text;
        private @Nullable Provenance provenance;
        private List<TraceStep> trace = List.of();
        private List<BackendCall> calls = List.of();
        private @Nullable GovernanceBundle governance;
        private EvidenceSet evidence = EvidenceSet.empty();
        private Map<TurnKey<?>, Object> values = Map.of();
        private OutboundFilter filter = OutboundFilter.withoutRestrictions();
        private PartialKinds partialKinds = PartialKinds.defaults();
        private @Nullable ChatMessage userMessage;
        private @Nullable Labels labels;
        private List<Part.ToolCall> toolCalls = List.of();

        private Builder() {
        }

        /** The calls the turn ends with, for {@link TurnOutcome#TOOL_CALLS} only; none unless set. */
        public Builder toolCalls(List<Part.ToolCall> toolCalls) {
            this.toolCalls = Objects.requireNonNull(toolCalls, "toolCalls");
            return this;
        }

        /** The filter the answer is shown through (the pipeline's policy's); one without restrictions unless set. */
        public Builder filter(OutboundFilter filter) {
            this.filter = Objects.requireNonNull(filter, "filter");
            return this;
        }

        /** What a PARTIAL answer withholds (the policy's for the turn); {@link PartialKinds#defaults()} unless set. */
        public Builder partialKinds(PartialKinds partialKinds) {
            this.partialKinds = Objects.requireNonNull(partialKinds, "partialKinds");
            return this;
        }

        /** The user's message of the turn, labelled (required). */
        public Builder userMessage(ChatMessage userMessage) {
            this.userMessage = userMessage;
            return this;
        }

        /** The turn's labels, for the answer message; no domain, not internal only, the decision unless set. */
        public Builder labels(Labels labels) {
            this.labels = labels;
            return this;
        }

        /** The values the steps kept, by key. */
        public Builder values(Map<TurnKey<?>, Object> values) {
            this.values = values;
            return this;
        }

        public Builder requestId(String requestId) {
            this.requestId = requestId;
            return this;
        }

        public Builder outcome(TurnOutcome outcome) {
            this.outcome = outcome;
            return this;
        }

        public Builder decision(Decision decision) {
            this.decision = decision;
            return this;
        }

        /** The text as composed: it is filtered when the answer is built. */
        public Builder text(String text) {
            this.text = text;
            return this;
        }

        /** The provenance as assembled: its free values are filtered when the answer is built. */
        public Builder provenance(Provenance provenance) {
            this.provenance = provenance;
            return this;
        }

        public Builder trace(List<TraceStep> trace) {
            this.trace = trace;
            return this;
        }

        public Builder calls(List<BackendCall> calls) {
            this.calls = calls;
            return this;
        }

        public Builder governance(GovernanceBundle governance) {
            this.governance = governance;
            return this;
        }

        public Builder evidence(EvidenceSet evidence) {
            this.evidence = evidence;
            return this;
        }

        /**
         * @throws NullPointerException   naming the first required part that is missing
         * @throws InvalidInputException  when tool calls are given without the outcome
         *                               {@link TurnOutcome#TOOL_CALLS}, or that outcome without them
         */
        public GovernedAnswer build() {
            return new GovernedAnswer(this);
        }
    }
}
