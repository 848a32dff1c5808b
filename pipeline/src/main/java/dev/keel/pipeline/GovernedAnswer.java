package dev.keel.pipeline;

import dev.keel.core.Decision;
import dev.keel.core.Provenance;
import dev.keel.core.evidence.EvidenceSet;
import dev.keel.policy.GovernanceBundle;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The result of one governed call: how it ended, the decision it was answered under, the text the user may read
 * (it passed the outbound filter exactly once), what was withheld (kind and place, never the text), the
 * provenance, the trace of every step, and the model calls made. The audit record of the call was written
 * before this was returned.
 *
 * <p>Immutable and thread-safe.
 */
public final class GovernedAnswer {

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

    private GovernedAnswer(Builder b) {
        this.requestId = Objects.requireNonNull(b.requestId, "requestId");
        this.outcome = Objects.requireNonNull(b.outcome, "outcome");
        this.decision = Objects.requireNonNull(b.decision, "decision");
        this.text = Objects.requireNonNull(b.text, "text");
        this.withheld = List.copyOf(b.withheld);
        this.provenance = Objects.requireNonNull(b.provenance, "provenance");
        this.trace = List.copyOf(b.trace);
        this.calls = List.copyOf(b.calls);
        this.governance = Objects.requireNonNull(b.governance, "governance");
        this.evidence = Objects.requireNonNull(b.evidence, "evidence");
        this.values = Map.copyOf(b.values);
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

    /** The text the user may read. */
    public String text() {
        return text;
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

    /** What each step decided, in order. */
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
        private List<Withheld> withheld = List.of();
        private @Nullable Provenance provenance;
        private List<TraceStep> trace = List.of();
        private List<BackendCall> calls = List.of();
        private @Nullable GovernanceBundle governance;
        private EvidenceSet evidence = EvidenceSet.empty();
        private Map<TurnKey<?>, Object> values = Map.of();

        private Builder() {
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

        public Builder text(String text) {
            this.text = text;
            return this;
        }

        public Builder withheld(List<Withheld> withheld) {
            this.withheld = withheld;
            return this;
        }

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

        /** @throws NullPointerException naming the first required part that is missing */
        public GovernedAnswer build() {
            return new GovernedAnswer(this);
        }
    }
}
