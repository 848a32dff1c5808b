package dev.keel.pipeline.committee;

import dev.keel.committee.Committee;
import dev.keel.committee.CommitteeConfig;
import dev.keel.committee.CommitteeRequest;
import dev.keel.committee.CommitteeResponse;
import dev.keel.committee.Mode;
import dev.keel.committee.Outcome;
import dev.keel.committee.ReplyInvariants;
import dev.keel.core.ConfigurationException;
import dev.keel.core.content.Labels;
import dev.keel.core.content.Part;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.ForwardingBackend;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.Pricing;
import dev.keel.core.spi.StreamHandle;
import dev.keel.core.spi.StreamSink;
import dev.keel.pipeline.Reasoning;
import dev.keel.pipeline.ReasoningStep;
import dev.keel.pipeline.Turn;
import dev.keel.pipeline.TurnKey;
import dev.keel.pipeline.TurnOutcome;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A committee of models as a governed call's reasoning. Each turn runs a {@link Committee} whose master, scorer and
 * agents reach their models through {@link Turn#backends()}, bound to the pipeline backend each role is mapped to
 * (the role's own name unless {@link Builder#target} says otherwise). So every prompt to an external model is
 * egress-filtered under the turn's decision, a request that must stay in the house never reaches an external model
 * (the pipeline's fallback answers), and every call is recorded for the provenance and the audit record. Each
 * prompt is {@linkplain Turn#instructed instructed} for the turn (the PARTIAL instruction, a regeneration's
 * instruction).
 *
 * <p>The committee's reply is the draft; a reply that asks the user one A/B/C question ends the turn as
 * {@link TurnOutcome#ASK_USER}. Either passes the pipeline's enforcement and outbound filter like any draft. The
 * committee's response is kept under {@link #RESPONSE} ({@link dev.keel.pipeline.GovernedAnswer#value}), and the
 * provenance extension {@value #EXTENSION} holds its outcome, {@code meta} and audit appendix, free text filtered
 * under the turn's decision. The call's audit record gets the committee's whole record under {@value #AUDIT_DETAIL},
 * its text as the egress filter lets it leave (the pipeline's rule for audit details, {@link Turn#auditDetail}).
 * Each role's calls are estimated for the committee's cap on what its provider receives
 * ({@link LlmBackend#outgoing}: instructed and egress-filtered), not on the committee's own prompt.
 *
 * <p>The committee request comes from the governed request's attribute {@value #REQUEST_ATTRIBUTE} (a
 * {@link CommitteeRequest}, or its wire form); without one, the governed message is asked in {@code ask} mode. The
 * governed user message must be the committee request's {@linkplain CommitteeRequest#messageParts() parts} (its
 * text, then each attachment as an attachment part), so that governance judged what the committee answers, the
 * files' names and URLs included. A regeneration runs
 * the committee again, under the mode's cap again.
 *
 * <p>Immutable and thread-safe: each turn builds its own committee.
 */
public final class CommitteeReasoning implements ReasoningStep {

    /** Where the committee's response is kept for the rest of the turn and the caller. */
    public static final TurnKey<CommitteeResponse> RESPONSE = TurnKey.of("committee_response", CommitteeResponse.class);

    /** The provenance extension: {@code {"outcome", "meta", "audit"}}. */
    public static final String EXTENSION = "committee";

    /**
     * The entry of the audit record's {@code details} holding the committee's record
     * ({@link CommitteeResponse#record()}: the request with its message, plan, agent outputs, scores and statuses,
     * synthesis, reply and audit appendix) and the {@code invariantViolations} ({@link ReplyInvariants}) its reply
     * broke. Its text is stored egress-filtered under the turn's decision (a credential in the message is withheld
     * as in every prompt), or raw when the pipeline was built with
     * {@link dev.keel.pipeline.Pipeline.Builder#rawAuditDetails}.
     */
    public static final String AUDIT_DETAIL = "committee";

    /** The governed request's attribute holding the committee request. */
    public static final String REQUEST_ATTRIBUTE = "committee_request";

    private final CommitteeConfig config;
    private final Clock clock;
    private final Map<String, String> targets;
    private final Pricing pricing;
    private final Map<String, String> models;
    private final int attempts;

    private CommitteeReasoning(Builder b) {
        this.config = b.config;
        this.clock = b.clock;
        this.targets = Map.copyOf(b.targets);
        this.pricing = b.pricing;
        this.models = Map.copyOf(b.models);
        this.attempts = b.attempts;
    }

    /** A builder; {@code clock} measures the calls' latencies. */
    public static Builder builder(CommitteeConfig config, Clock clock) {
        return new Builder(config, clock);
    }

    /** The pipeline backend {@code role} is bound to. */
    public String target(String role) {
        return targets.getOrDefault(role, role);
    }

    @Override
    public Reasoning reason(Turn turn) {
        CommitteeRequest request = committeeRequest(turn);
        Committee.Builder committee = Committee.builder(config, clock).pricing(pricing).attempts(attempts);
        models.forEach(committee::model);
        for (String role : config.modelRoles()) {
            committee.backend(role, new InstructedBackend(turn, turn.backends().bound(target(role))));
        }
        CommitteeResponse response = committee.build().answer(request, turn.requestId());
        turn.put(RESPONSE, response);

        Map<String, Object> extension = new LinkedHashMap<>();
        extension.put("outcome", response.outcome().wireName());
        extension.put("meta", turn.filteredValue(response.meta()));
        extension.put("audit", turn.filteredValue(response.audit()));
        turn.extension(EXTENSION, extension);
        Map<String, Object> record = new LinkedHashMap<>(response.record());
        record.put("invariantViolations", ReplyInvariants.check(response).stream()
                .map(violation -> Map.of("code", violation.code(), "message", violation.message())).toList());
        turn.auditDetail(AUDIT_DETAIL, record);
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("outcome", response.outcome().wireName());
        details.put("c_final", response.cFinal());
        details.put("used_agents", response.usedAgents());
        details.put("budget", response.budget().toWire());
        turn.trace("reasoning", "committee " + response.outcome().wireName() + " in mode "
                + request.mode().wireName() + ", c_final " + response.cFinal().toPlainString() + ", agents "
                + response.usedAgents(), details);
        return response.outcome() == Outcome.ASKED_USER
                ? Reasoning.endTurn(TurnOutcome.ASK_USER, response.reply())
                : Reasoning.draft(response.reply());
    }

    private static CommitteeRequest committeeRequest(Turn turn) {
        Object given = turn.request().attributes().get(REQUEST_ATTRIBUTE);
        if (given == null) {
            return CommitteeRequest.of(Mode.ASK, turn.request().message());
        }
        CommitteeRequest request = given instanceof CommitteeRequest typed ? typed : CommitteeRequest.fromWire(given);
        if (!unlabelled(request.messageParts()).equals(unlabelled(turn.request().userMessage().parts()))) {
            throw new ConfigurationException("the committee request's message and attachments are not the governed"
                    + " request's message (its text, then each attachment as an attachment part); governance must"
                    + " judge what the committee answers");
        }
        return request;
    }

    private static List<Part> unlabelled(List<Part> parts) {
        return parts.stream().map(part -> part.withLabels(Labels.NONE)).toList();
    }

    /** A role's governed backend, each prompt instructed for the turn. */
    private static final class InstructedBackend extends ForwardingBackend {
        private final Turn turn;

        InstructedBackend(Turn turn, LlmBackend governed) {
            super(governed);
            this.turn = turn;
        }

        @Override
        protected void round(ChatRequest request, LlmBackend next, StreamSink sink, StreamHandle handle) {
            next.stream(turn.instructed(request), sink, handle);
        }

        /** What the provider receives: instructed, then egress-filtered; the committee's caps are held on it. */
        @Override
        public ChatRequest outgoing(ChatRequest request) {
            return super.outgoing(turn.instructed(request));
        }
    }

    /** Collects the step's parts; not thread-safe. */
    public static final class Builder {
        private final CommitteeConfig config;
        private final Clock clock;
        private final Map<String, String> targets = new LinkedHashMap<>();
        private final Map<String, String> models = new LinkedHashMap<>();
        private Pricing pricing = Pricing.free();
        private int attempts = Committee.Builder.DEFAULT_ATTEMPTS;

        private Builder(CommitteeConfig config, Clock clock) {
            this.config = Objects.requireNonNull(config, "config");
            this.clock = Objects.requireNonNull(clock, "clock");
        }

        /** Binds {@code role} to the pipeline backend {@code backendTarget}; a role is bound to its own name unless set. */
        public Builder target(String role, String backendTarget) {
            targets.put(Objects.requireNonNull(role, "role"), Objects.requireNonNull(backendTarget, "backendTarget"));
            return this;
        }

        /** Prices of the roles' calls, for the caps ({@link Committee.Builder#pricing}); every call free unless set. */
        public Builder pricing(Pricing pricing) {
            this.pricing = Objects.requireNonNull(pricing, "pricing");
            return this;
        }

        /**
         * The model {@code role}'s calls are priced as ({@link Committee.Builder#model}); its own name unless set.
         *
         * @throws ConfigurationException when the committee does not call {@code role}
         */
        public Builder model(String role, String model) {
            Committee.builder(config, clock).model(role, model); // the committee's own check, so the two agree
            models.put(role, model);
            return this;
        }

        /** Attempts at each strict JSON reply ({@link Committee.Builder#attempts}). */
        public Builder attempts(int attempts) {
            Committee.builder(config, clock).attempts(attempts); // the committee's own bounds, so the two agree
            this.attempts = attempts;
            return this;
        }

        /** @throws ConfigurationException when a mapped role is not one the committee calls */
        public CommitteeReasoning build() {
            for (String role : targets.keySet()) {
                if (!config.modelRoles().contains(role)) {
                    throw new ConfigurationException("the committee does not call the role '" + role
                            + "'; it calls " + config.modelRoles());
                }
            }
            return new CommitteeReasoning(this);
        }
    }
}
