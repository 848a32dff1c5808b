package dev.keel.pipeline;

import dev.keel.core.CancelledException;
import dev.keel.core.Decision;
import dev.keel.core.KeelException;
import dev.keel.core.EvidenceSources;
import dev.keel.core.Principal;
import dev.keel.core.Provenance;
import dev.keel.core.ReasonCodes;
import dev.keel.core.content.Labels;
import dev.keel.core.evidence.EvidenceSet;
import dev.keel.core.spi.StreamHandle;
import dev.keel.policy.GovernanceBundle;
import dev.keel.policy.GovernancePlane;
import dev.keel.policy.PolicyDecision;
import dev.keel.policy.PolicyEvaluator;
import dev.keel.policy.PrincipalResolver;
import dev.keel.policy.RankedPassage;
import dev.keel.policy.SensitivityAssessor;
import dev.keel.policy.SensitivityDecision;
import dev.keel.reading.OutboundFilter;
import dev.keel.routing.RoutingDecision;
import dev.keel.routing.RoutingIndex;
import dev.keel.routing.RoutingRequest;
import io.micrometer.observation.ObservationRegistry;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * {@link Pipeline}: the steps in their fixed order, the outbound filter once at the end, the provenance
 * assembled in one place, one audit record per turn ({@link TurnAudit}), and what the call shows from outside
 * (observations and the decision log, {@link ObservedCall}). Thread-safe; each call keeps its state in its own
 * {@link TurnState}, and the turns that wait for the caller's tool results are the {@link TurnAudit}'s.
 */
final class DefaultPipeline implements Pipeline {

    /** The audit outcome of a call that failed. */
    private static final String FAILED = "failed";
    /** The audit outcome of a streamed call the caller cancelled. */
    private static final String CANCELLED = "cancelled";

    /** How many times an answer is written at most: once, and once more after a violation. */
    private static final int ATTEMPTS = 2;

    private final PipelineSettings settings;
    private final GovernancePlane governance;
    private final PolicyEvaluator evaluator;
    private final SensitivityAssessor sensitivity;
    private final OutboundFilter filter;
    private final ContentReader reader;
    private final RoutingIndex routing;
    private final ObservationRegistry observations;
    /** The settings' backends, each call of which is observed when there is a registry. */
    private final Backends backends;
    private final TurnAudit audit;

    public DefaultPipeline(PipelineSettings settings) {
        this(settings, ObservationRegistry.NOOP);
    }

    public DefaultPipeline(PipelineSettings settings, ObservationRegistry observations) {
        this.settings = settings;
        this.observations = observations;
        this.backends = ObservedBackend.observe(settings.backends(), observations);
        GovernancePlane.Builder plane = GovernancePlane.builder().policy(settings.policy())
                .principalResolver(settings.principalResolver() != null ? settings.principalResolver()
                        : PrincipalResolver.builder().policy(settings.policy()).build());
        if (settings.domainDetector() != null) {
            plane.domainDetector(settings.domainDetector());
        }
        if (settings.knowledgeRanker() != null) {
            plane.knowledgeRanker(settings.knowledgeRanker());
        }
        this.governance = plane.build();
        this.evaluator = PolicyEvaluator.create(settings.policy());
        this.sensitivity = SensitivityAssessor.create(settings.policy());
        this.filter = OutboundFilter.create(settings.policy());
        this.reader = new ContentReader(governance, evaluator);
        this.routing = RoutingIndex.create(settings.routingTable());
        this.audit = new TurnAudit(settings.auditSink(), settings.sessionStore(), settings.clock());
    }

    @Override
    public GovernedAnswer call(GovernedRequest request) {
        String requestId = request.requestId().orElseGet(settings.idSource()::nextId);
        try (LoggingContext ignored = LoggingContext.open(requestId, request)) {
            ObservedCall observed = ObservedCall.start(observations, requestId);
            TurnState turn = null;
            try {
                turn = begin(requestId, request, observed);
                return observed.answered(turn, govern(turn, observed, null));
            } catch (RuntimeException failure) {
                if (turn != null) {
                    auditFailure(turn, failure, FAILED);
                }
                observed.failed(turn, requestId, failure, FAILED);
                throw failure;
            }
        }
    }

    @Override
    public void stream(GovernedRequest request, AnswerSink sink, StreamHandle handle) {
        String requestId = request.requestId().orElseGet(settings.idSource()::nextId);
        try (LoggingContext ignored = LoggingContext.open(requestId, request)) {
            ObservedCall observed = ObservedCall.start(observations, requestId);
            StreamedTurn streamed = new StreamedTurn(sink, handle, settings.policy());
            TurnState turn = null;
            try {
                turn = begin(requestId, request, observed);
                GovernedAnswer answer = observed.answered(turn, govern(turn, observed, streamed));
                if (!streamed.streamed()) {
                    streamed.emit(answer.text());
                }
                streamed.complete(answer);
            } catch (CancelledException cancelled) {
                if (!handle.isCancelled()) {
                    failed(turn, requestId, observed, cancelled, streamed);
                    return;
                }
                if (turn != null) {
                    auditFailure(turn, cancelled, CANCELLED);
                }
                observed.failed(turn, requestId, cancelled, CANCELLED);
            } catch (RuntimeException failure) {
                failed(turn, requestId, observed, failure, streamed);
            }
        }
    }

    /**
     * A streamed call failed: it is audited and observed as failed; the sink is told when the failure is Keel's,
     * anything else (a programming error, what the sink threw) is thrown on.
     */
    private void failed(@Nullable TurnState turn, String requestId, ObservedCall observed, RuntimeException failure,
                        StreamedTurn streamed) {
        if (turn != null) {
            auditFailure(turn, failure, FAILED);
        }
        observed.failed(turn, requestId, failure, FAILED);
        if (!(failure instanceof KeelException keel)) {
            throw failure;
        }
        streamed.fail(keel);
    }

    /**
     * Governance of the whole conversation, and the turn's state. History a chat memory replays as text first gets
     * the labels kept for it ({@link ContentLabels}), before anything denied is dropped.
     */
    private TurnState begin(String requestId, GovernedRequest request, ObservedCall observed) {
        ContentLabels.Replay replay = ContentLabels.in(settings.sessionStore()).recover(request);
        Conversation conversation = Conversation.of(replay.history(), request.userMessage(),
                request.toolExchange());
        // Everything that may be sent is governed, not only the last message.
        GovernanceBundle bundle = observed.step("governance",
                () -> governance.assess(request.principal().orElse(null), conversation.text()));
        TurnState turn = new TurnState(requestId, request, conversation, bundle, settings.policy(),
                (state, egress) -> new GovernedBackendCalls(backends, state, egress, reader,
                        new ToolRounds(state, settings.policy(), egress, sensitivity, reader)), filter);
        if (replay.unknown() > 0 && bundle.decision() != Decision.DENY) {
            // A denied turn sends nothing: what would have kept it in the house is no reason of it.
            turn.reasonCode(ContentLabels.UNKNOWN_HISTORY);
        }
        if (replay.recovered() > 0 || replay.unknown() > 0) {
            turn.trace("conversation", "replayed history: labels recovered for " + replay.recovered()
                    + " message(s); " + replay.unknown() + " answer(s) Keel has no labels for, internal only",
                    Map.of("recovered_messages", replay.recovered(), "unknown_messages", replay.unknown()));
        }
        return turn;
    }

    @Override
    public void clearInternalOnly(String sessionId) {
        settings.sessionStore().update(sessionId, state -> {
            Map<String, Object> cleared = new LinkedHashMap<>(state);
            cleared.remove(Pipeline.SESSION_INTERNAL_ONLY);
            return cleared;
        });
    }

    /**
     * What the conversation's labels and the session add to governance's fresh assessment: history parts denied for
     * this principal are dropped; the decision is the lowest of the fresh one and the labels' (their domains
     * evaluated for this principal, and the decision each was produced under); a part labelled internal only, an
     * internal-only domain in the labels, or a session that was internal only keeps the turn in the house.
     */
    private void applyLabels(TurnState turn, Principal principal) {
        Conversation conversation = turn.conversationState().without(labels -> !labels.domains().isEmpty()
                && evaluator.evaluate(principal, List.copyOf(labels.domains())).decision() == Decision.DENY);
        turn.conversation(conversation);
        if (conversation.dropped() > 0) {
            turn.reasonCode("denied_content_dropped");
            turn.trace("conversation", conversation.dropped() + " part(s) of the history denied for this principal"
                    + " dropped: never replayed", Map.of("dropped_parts", conversation.dropped()));
        }
        Labels history = conversation.historyLabels();
        Labels message = conversation.messageLabels();
        lowerOver(turn, principal, history, "history");
        lowerOver(turn, principal, message, "message");
        List<String> rules = new ArrayList<>();
        List<String> codes = new ArrayList<>();
        if (history.internalOnly()) {
            rules.add("history internal_only");
            codes.add("internal_only_by_history");
        }
        if (message.internalOnly()) {
            rules.add("message internal_only");
            codes.add("internal_only_by_message");
        }
        SensitivityDecision byDomain = sensitivity.assess(List.of(), history.join(message).domains(), "");
        rules.addAll(byDomain.rules());
        codes.addAll(byDomain.reasonCodes().values());
        turn.request().sessionId().ifPresent(session -> {
            if (settings.sessionStore().read(session).get(Pipeline.SESSION_INTERNAL_ONLY) != null) {
                rules.add("session internal_only");
                codes.add("internal_only_by_session");
            }
        });
        if (!rules.isEmpty() && turn.raiseSensitivity(new SensitivityDecision(true, rules,
                ReasonCodes.of(codes.toArray(String[]::new))))) {
            turn.trace("sensitivity", "internal only by the conversation: " + turn.sensitivity().rules(),
                    turn.sensitivity().toWire());
        }
        // The results of tools the caller ran are labelled by the gate afresh at every request: what the caller
        // replays can only lower the decision. Only this turn's are its record's: an earlier turn's record has theirs.
        ToolRounds tools = turn.governedBackends().tools();
        turn.conversation(turn.conversationState().withToolResults(tools::replayedFromHistory, tools::replayed));
    }

    /**
     * Lowers the turn's decision over {@code labels}, which the {@code source} of the conversation carries (the
     * history's kept parts, or the parts of the user's message the host labelled, such as retrieved documents): the
     * policy's decision for this principal over the turn's domains and the labels', and the decision the content was
     * produced under. Labels only ever lower it: they come from the host, and a label cannot make content less
     * sensitive.
     */
    private void lowerOver(TurnState turn, Principal principal, Labels labels, String source) {
        Decision before = turn.decision();
        if (!labels.domains().isEmpty()) {
            turn.addDomains(labels.domains());
            Set<String> domains = new LinkedHashSet<>(turn.governance().domains());
            domains.addAll(labels.domains());
            turn.lowerDecision(evaluator.evaluate(principal, List.copyOf(domains)).decision());
        }
        labels.assessed().ifPresent(turn::lowerDecision);
        if (turn.decision() != before) {
            turn.reasonCode("decision_lowered_by_" + source);
            turn.trace("conversation", turn.decision().wireName() + " over the " + source + "'s labels (lowered from "
                    + before.wireName() + ")", Map.of("decision", turn.decision().wireName(),
                    "domains", List.copyOf(labels.domains())));
        }
    }

    /**
     * The turn from governance to the audited answer; {@code streamed} is the caller's stream when the call is
     * streamed ({@link #stream}), null for {@link #call}.
     */
    private GovernedAnswer govern(TurnState turn, ObservedCall observed, @Nullable StreamedTurn streamed) {
        GovernanceBundle bundle = turn.governance();
        turn.trace("governance", bundle.decision().wireName() + " for " + bundle.principal()
                .map(p -> p.role() + " / " + p.clearance()).orElse("no principal") + ", domains " + bundle.domains()
                + (bundle.sensitivity().internalOnly() ? "; internal only: " + bundle.sensitivity().rules() : ""),
                governanceDetails(bundle));
        if (bundle.decision() != Decision.DENY) {
            applyLabels(turn, bundle.principal().orElseThrow());
        }
        if (turn.decision() == Decision.DENY) {
            return finish(turn, TurnOutcome.DENIED, settings.denial().apply(bundle), observed, filter);
        }
        for (TurnStep step : settings.turnSteps()) {
            StepResult result = observed.step(step.name(), () -> step.apply(turn));
            if (result.endedAs().isPresent()) {
                turn.trace(step.name(), "ends the turn: " + result.endedAs().get().wireName(), Map.of());
                return finish(turn, result.endedAs().get(), result.text().orElseThrow(), observed, filter);
            }
        }
        Principal principal = bundle.principal().orElseThrow();
        observed.step("routing", () -> route(turn, principal, turn.sensitivity().internalOnly()));

        PolicyDecision withEvidence = observed.step("evidence", () -> {
            EvidenceSet evidence = settings.evidence().collect(turn);
            turn.evidence(evidence);
            return checkAgainstEvidence(turn, principal, bundle, evidence);
        });
        EvidenceSet evidence = turn.evidence();
        if (turn.decision() == Decision.DENY) {
            // The evidence holds a domain the principal may not ask about at all: no model sees it.
            withEvidence.reasonCodes().values().forEach(turn::reasonCode);
            return finish(turn, TurnOutcome.DENIED, settings.denial().apply(bundle.withDecision(withEvidence,
                    rationale(withEvidence, evidence))), observed, filter);
        }
        if (turn.raiseSensitivity(sensitivity.assess(List.of(), evidence.domains(), null))) {
            // Routing ran before the evidence was in; the request now stays in the house, so it is routed again.
            turn.reasonCode("internal_only_by_evidence");
            turn.trace("sensitivity", "internal only by the evidence: " + turn.sensitivity().rules(),
                    turn.sensitivity().toWire());
            observed.step("routing", () -> route(turn, principal, true));
        }

        // The answer may reach the caller as the model writes it only when it is the draft as it comes.
        StreamedTurn draftStream = streamed != null && settings.enforcement().isEmpty()
                && settings.composer() == DraftOnly.INSTANCE ? streamed : null;
        String answer = null;
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            Reasoning reasoning;
            if (draftStream != null) {
                draftStream.checkCancelled();
                DraftSink opening = new OpenedAtFirstChunk(draftStream, turn);
                reasoning = observed.step("reasoning", () -> settings.reasoning().stream(turn, opening));
                draftStream.checkCancelled();
                if (draftStream.streamed()) {
                    if (reasoning.endedAs().isPresent()) {
                        throw new IllegalStateException("a reasoning step that streamed its draft ended the turn");
                    }
                    return finish(turn, TurnOutcome.ANSWERED, reasoning.text(), observed,
                            draftStream.finishDraft(reasoning.text(), turn.decision(), filter));
                }
            } else {
                reasoning = observed.step("reasoning", () -> settings.reasoning().reason(turn));
            }
            if (!turn.awaitedToolCalls().isEmpty()) {
                turn.trace("reasoning", "ends the turn: " + TurnOutcome.TOOL_CALLS.wireName(), Map.of());
                return finish(turn, TurnOutcome.TOOL_CALLS, reasoning.text(), observed, filter);
            }
            if (reasoning.endedAs().isPresent()) {
                turn.trace("reasoning", "ends the turn: " + reasoning.endedAs().get().wireName(), Map.of());
                return finish(turn, reasoning.endedAs().get(), reasoning.text(), observed, filter);
            }
            String composed = observed.step("composition",
                    () -> settings.composer().compose(turn, reasoning.text(), provenance(turn, false)));
            List<String> violations = new ArrayList<>();
            List<String> instructions = new ArrayList<>();
            observed.step("enforcement", () -> {
                for (EnforcementStep step : settings.enforcement()) {
                    Enforcement enforcement = step.check(turn, composed);
                    if (!enforcement.passed()) {
                        violations.addAll(enforcement.violations());
                        instructions.add(enforcement.instruction());
                    }
                }
            });
            if (violations.isEmpty()) {
                answer = composed;
                break;
            }
            turn.trace("enforcement", "attempt " + attempt + " broke " + violations,
                    Map.of("attempt", attempt, "violations", violations));
            turn.reasonCode("answer_rule_violation");
            if (attempt == ATTEMPTS) {
                turn.reasonCode("answer_refused");
                return finish(turn, TurnOutcome.REFUSED, settings.refusal(), observed, filter);
            }
            turn.regenerationInstruction(String.join("\n", instructions));
        }
        // Each attempt either passed enforcement or, the last one, returned a refusal.
        return finish(turn, TurnOutcome.ANSWERED, Objects.requireNonNull(answer, "answer"), observed, filter);
    }

    private void route(TurnState turn, Principal principal, boolean internalOnly) {
        RoutingDecision route = routing.route(RoutingRequest.builder().principal(principal)
                .prompt(turn.request().message()).internalOnly(internalOnly).build());
        turn.route(route);
        StringBuilder text = new StringBuilder();
        route.detail().forEach((fact, value) -> text.append(fact).append(' ').append(value).append(", "));
        text.setLength(Math.max(0, text.length() - 2));
        turn.trace("routing", text + (text.isEmpty() ? "-> " : " -> ") + route.routerSelectedLlm() + " / "
                + route.backendTarget() + (route.internalOnly() ? " (internal only)" : ""), routeWire(route));
    }

    /**
     * The route as the trace and the audit record carry it: without its routing key, which is made of the message's
     * words (a record number a user typed, half of one, a name), where the message itself never goes. The
     * strategy's detail (the weighted strategy's slot and pool) stays, and the message replays it.
     */
    private static Map<String, Object> routeWire(RoutingDecision route) {
        Map<String, Object> wire = route.toWire();
        wire.remove("routing_key");
        return wire;
    }

    /**
     * Lowers the decision to what the policy gives for the domains the evidence really holds.
     *
     * @return the decision over the request's and the evidence's domains
     */
    private PolicyDecision checkAgainstEvidence(TurnState turn, Principal principal, GovernanceBundle bundle,
                                                EvidenceSet evidence) {
        if (evidence.isEmpty()) {
            return bundle.policyDecision();
        }
        Set<String> domains = new LinkedHashSet<>(bundle.domains());
        domains.addAll(evidence.domains());
        PolicyDecision decision = evaluator.evaluate(principal, List.copyOf(domains));
        Decision withEvidence = decision.decision();
        Decision before = turn.decision();
        turn.lowerDecision(withEvidence);
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("sources", evidence.sources().toWire());
        details.put("items", evidence.items().size());
        details.put("domains", List.copyOf(evidence.domains()));
        details.put("decision", turn.decision().wireName());
        turn.trace("evidence_domains", turn.decision().wireName() + " over domains " + List.copyOf(domains)
                + (turn.decision() != before ? " (lowered from " + before.wireName() + " by the evidence)" : ""), details);
        if (turn.decision() != before) {
            turn.reasonCode("decision_lowered_by_evidence");
        }
        return decision;
    }

    /** The passages explaining {@code decision}, when the pipeline has governance knowledge. */
    private List<RankedPassage> rationale(PolicyDecision decision, EvidenceSet evidence) {
        return settings.knowledgeRanker() == null ? List.of() : settings.knowledgeRanker().rationale(decision,
                evidence.domains(), GovernancePlane.DEFAULT_RATIONALE_SIZE);
    }

    /**
     * Builds the answer (which filters what the user may see, once, through {@code shownThrough}: the policy's
     * filter, or what the streaming filter made of a streamed draft), keeps a session that had to stay in the house
     * so, keeps the turn's labels for a chat memory's replay ({@link ContentLabels}), records the round for the turn's
     * audit record ({@link TurnAudit}), and answers.
     */
    private GovernedAnswer finish(TurnState turn, TurnOutcome outcome, String text, ObservedCall observed,
                                  OutboundFilter shownThrough) {
        GovernedAnswer answer = observed.step("outbound_filter", () -> shown(turn, outcome, text, shownThrough));
        if (turn.sensitivity().internalOnly()) {
            turn.request().sessionId().ifPresent(session -> settings.sessionStore().update(session, state -> {
                Map<String, Object> kept = new LinkedHashMap<>(state);
                kept.put(Pipeline.SESSION_INTERNAL_ONLY, turn.sensitivity().rules());
                return kept;
            }));
        }
        ContentLabels.in(settings.sessionStore()).keep(turn.request(), answer);
        observed.step("audit", () -> audit.record(turn.request(), turn.requestId(), auditPayload(turn, answer),
                answer.toolCalls()));
        return answer;
    }

    /**
     * The answer as the user may see it: the text, and the provenance's free values, through the outbound filter
     * once, under the turn's decision (a denial's own text, its reason and rationale, may still hold figures: it is
     * shown as under PARTIAL).
     */
    private GovernedAnswer shown(TurnState turn, TurnOutcome outcome, String text, OutboundFilter shownThrough) {
        Decision shownUnder = turn.decision() == Decision.DENY ? Decision.PARTIAL : turn.decision();
        ShownContent shown = new ShownContent(shownThrough, shownUnder, turn.partialKinds());
        ShownContent.Text filtered = shown.text(text);
        List<TraceStep> trace = new ArrayList<>(turn.trace());
        trace.add(new TraceStep("outbound_filter", filtered.withheld().size() + " redaction(s) under "
                + shownUnder.wireName(), Map.of("withheld", Withheld.counts(filtered.withheld()))));
        return GovernedAnswer.builder().requestId(turn.requestId()).outcome(outcome).decision(turn.decision())
                .text(filtered.text()).withheld(filtered.withheld())
                .provenance(shown.provenance(provenance(turn, true), GovernedAnswer.KEEL_EXTENSIONS))
                .calls(turn.governedBackends().calls()).governance(turn.governance()).evidence(turn.evidence())
                .values(turn.values()).userMessage(turn.userMessage()).labels(turn.labels()).trace(trace)
                .toolCalls(outcome == TurnOutcome.TOOL_CALLS ? turn.awaitedToolCalls() : List.of()).build();
    }

    /** The provenance, assembled in this one place from what the steps decided. */
    private Provenance provenance(TurnState turn, boolean complete) {
        Provenance.Builder provenance = Provenance.builder().requestId(turn.requestId());
        turn.governance().applyTo(provenance);
        provenance.decision(turn.decision());
        EvidenceSources.Builder sources = EvidenceSources.builder();
        if (!settings.policySources().isEmpty()) {
            sources.add("policy", settings.policySources());
        }
        turn.evidence().sources().byKind().forEach(sources::add);
        provenance.evidenceSources(sources.build());
        turn.route().ifPresent(route -> route.applyTo(provenance));
        if (turn.sensitivity().internalOnly()) {
            provenance.extension("internal_only_rules", turn.sensitivity().rules());
        }
        List<BackendCall> calls = turn.governedBackends().calls();
        if (!calls.isEmpty()) {
            BackendCall last = calls.get(calls.size() - 1);
            provenance.backendUsed(last.used()).backendUsedReason(last.usedReason());
        }
        turn.extensions().forEach(provenance::extension);
        List<Map<String, Object>> tools = turn.governedBackends().tools().provenance();
        if (!tools.isEmpty()) {
            provenance.extension("tools", tools);
        }
        if (complete) {
            provenance.extension("llm_calls", calls.size());
        }
        return provenance.reasonCodes(turn.reasonCodes()).build();
    }

    /** The audit payload of the call's round; {@link TurnAudit} makes the turn's record of its rounds'. */
    private Map<String, Object> auditPayload(TurnState turn, GovernedAnswer answer) {
        Map<String, Object> payload = new LinkedHashMap<>();
        payload.put("outcome", answer.outcome().wireName());
        identity(turn, payload);
        payload.put("principal", turn.principal().map(p -> (Object) Map.of("role", p.role(), "clearance",
                p.clearance())).orElse(null));
        payload.put("host_principal", turn.request().principal().map(p -> (Object) Map.of("role", p.role(),
                "clearance", p.clearance())).orElse(null));
        payload.put("decision", answer.decision().wireName());
        payload.put("reason_codes", answer.provenance().reasonCodes().values());
        payload.put("domains", answer.provenance().domains());
        payload.put("internal_only", turn.sensitivity().internalOnly());
        payload.put("route", turn.route().map(route -> (Object) routeWire(route)).orElse(null));
        payload.put("backend_target", answer.provenance().backendTarget());
        payload.put("backend_used", answer.provenance().backendUsed());
        payload.put("calls", answer.calls().stream().map(BackendCall::toWire).toList());
        payload.put("evidence_sources", answer.provenance().evidenceSources().toWire());
        payload.put("withheld", answer.withheldCounts());
        payload.put("message_length", turn.request().message().length());
        payload.put("history_messages", turn.request().history().size());
        payload.put("tool_exchange_messages", turn.request().toolExchange().size());
        payload.put("dropped_parts", turn.conversationState().dropped());
        addTools(turn, payload);
        addDetails(turn, payload);
        return payload;
    }

    /**
     * What the steps recorded for the audit alone ({@link dev.keel.pipeline.Turn#auditDetail}), when any did: as the
     * egress filter lets it leave under the turn's decision, unless the pipeline keeps it raw. The message and a
     * model's output are user text: a credential pasted into a question is withheld here as on its way out.
     */
    private void addDetails(TurnState turn, Map<String, Object> payload) {
        Map<String, Object> details = turn.auditDetails();
        if (!details.isEmpty()) {
            payload.put("details", settings.rawAuditDetails() ? details : turn.filteredValue(details));
        }
    }

    /** Every tool call the model asked for and what the gate made of it, when it asked for any. */
    private static void addTools(TurnState turn, Map<String, Object> payload) {
        List<Map<String, Object>> tools = turn.governedBackends().tools().record();
        if (!tools.isEmpty()) {
            payload.put("tools", tools);
        }
    }

    /**
     * The streamed turn's draft, its streaming filter opened at the first chunk for the decision then: the tool
     * rounds before the answer may lower the decision, and the answer streams through the filter of the lowest.
     */
    private static final class OpenedAtFirstChunk implements DraftSink {
        private final StreamedTurn streamed;
        private final TurnState turn;
        private boolean opened;

        OpenedAtFirstChunk(StreamedTurn streamed, TurnState turn) {
            this.streamed = streamed;
            this.turn = turn;
        }

        @Override
        public void chunk(String text) {
            if (!opened) {
                streamed.open(turn.decision(), turn.partialKinds());
                opened = true;
            }
            streamed.chunk(text);
        }

        @Override
        public StreamHandle handle() {
            return streamed.handle();
        }
    }

    /**
     * The record of a call that ended without an answer: {@code outcome} {@value #FAILED}, or {@value #CANCELLED}
     * when the caller cancelled a stream; what was decided up to then, and the failure's code.
     */
    private void auditFailure(TurnState turn, RuntimeException failure, String outcome) {
        Map<String, Object> payload = new LinkedHashMap<>();
        payload.put("outcome", outcome);
        identity(turn, payload);
        payload.put("failure", failure instanceof dev.keel.core.KeelException
                ? ((dev.keel.core.KeelException) failure).code() : "internal_error");
        payload.put("decision", turn.decision().wireName());
        payload.put("reason_codes", turn.reasonCodes().values());
        payload.put("calls", turn.governedBackends().calls().stream().map(BackendCall::toWire).toList());
        addTools(turn, payload);
        addDetails(turn, payload);
        try {
            audit.record(turn.request(), turn.requestId(), payload, List.of());
        } catch (RuntimeException sinkFailure) {
            failure.addSuppressed(sinkFailure);
        }
    }

    /** Who the call was for, as the host said: subject, session and the host's audit attributes. */
    static void identity(TurnState turn, Map<String, Object> payload) {
        payload.put("subject", turn.request().subject().orElse(null));
        payload.put("session_id", turn.request().sessionId().orElse(null));
        payload.put("attributes", turn.request().auditAttributes());
    }

    private static Map<String, Object> governanceDetails(GovernanceBundle bundle) {
        Map<String, Object> details = bundle.toWire();
        details.put("sensitivity", bundle.sensitivity().toWire());
        return details;
    }

    @Override
    public void close() {
        audit.close();
    }

    @Override
    public String toString() {
        return "Pipeline{policy=" + settings.policy().policyId() + ", backends=" + settings.backends() + "}";
    }
}
