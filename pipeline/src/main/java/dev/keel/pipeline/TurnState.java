package dev.keel.pipeline;

import dev.keel.core.Decision;
import dev.keel.core.InvalidInputException;
import dev.keel.core.Principal;
import dev.keel.core.ReasonCodes;
import dev.keel.core.content.Labels;
import dev.keel.core.content.Part;
import dev.keel.core.evidence.EvidenceSet;
import dev.keel.core.spi.ChatMessage;
import dev.keel.policy.GovernanceBundle;
import dev.keel.policy.PartialKinds;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.SensitivityDecision;
import dev.keel.reading.OutboundFilter;
import dev.keel.routing.RoutingDecision;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * The state of one governed call, seen by its steps as a {@link Turn}. Written by the pipeline between steps and
 * by steps through the trace and extensions. Thread-safe: every mutable part is guarded by this object.
 */
final class TurnState implements Turn {

    private final String requestId;
    private final GovernedRequest request;
    private final GovernanceBundle governance;
    private final String partialInstruction;
    private final GovernedBackendCalls backends;
    private final List<TraceStep> trace = new ArrayList<>();
    private final Map<String, Object> extensions = new LinkedHashMap<>();
    private final Map<String, Object> auditDetails = new LinkedHashMap<>();
    private final Map<TurnKey<?>, Object> values = new HashMap<>();
    private final OutboundFilter filter;
    private final PolicyDocument policy;
    private final ReasonCodes.Builder reasonCodes = ReasonCodes.builder();
    private Decision decision;
    private SensitivityDecision sensitivity;
    private @Nullable RoutingDecision route;
    private EvidenceSet evidence = EvidenceSet.empty();
    private @Nullable String regenerationInstruction;
    private Conversation conversation;
    private List<Part.ToolCall> awaited = List.of();
    /** The domains of the conversation: governance's, and those the history's labels carry. */
    private final Set<String> domains;

    TurnState(String requestId, GovernedRequest request, Conversation conversation, GovernanceBundle governance,
              PolicyDocument policy, GovernedBackendCalls.Factory backends, OutboundFilter filter) {
        this.requestId = Objects.requireNonNull(requestId, "requestId");
        this.request = Objects.requireNonNull(request, "request");
        this.conversation = Objects.requireNonNull(conversation, "conversation");
        this.domains = new TreeSet<>(governance.domains());
        this.governance = Objects.requireNonNull(governance, "governance");
        this.policy = Objects.requireNonNull(policy, "policy");
        this.partialInstruction = policy.partialInstruction();
        this.decision = governance.decision();
        this.sensitivity = governance.sensitivity();
        this.filter = filter;
        this.backends = backends.create(this, filter);
        governance.reasonCodes().values().forEach(reasonCodes::add);
        governance.sensitivity().reasonCodes().values().forEach(reasonCodes::add);
    }

    @Override
    public String requestId() {
        return requestId;
    }

    @Override
    public GovernedRequest request() {
        return request;
    }

    @Override
    public synchronized List<ChatMessage> conversation() {
        return conversation.messages(labels());
    }

    @Override
    public synchronized Labels labels() {
        Set<String> all = new TreeSet<>(domains);
        all.addAll(evidence.domains());
        return Labels.of(all, sensitivity.internalOnly(), decision);
    }

    /**
     * What a PARTIAL answer of this turn withholds: what the policy says for the principal's role and every domain
     * the turn holds (asked about, carried by the history's labels, or the evidence's), the most restrictive winning.
     */
    synchronized PartialKinds partialKinds() {
        return policy.partialKinds(governance.principal().map(Principal::canonicalRole).orElse(""), labels().domains());
    }

    /** The user's message labelled as the turn. */
    synchronized ChatMessage userMessage() {
        return conversation.userMessage(labels());
    }

    synchronized Conversation conversationState() {
        return conversation;
    }

    synchronized void conversation(Conversation conversation) {
        this.conversation = conversation;
    }

    /** Adds domains the conversation's labels carry. */
    synchronized void addDomains(Collection<String> more) {
        domains.addAll(more);
    }

    @Override
    public GovernanceBundle governance() {
        return governance;
    }

    @Override
    public Optional<Principal> principal() {
        return governance.principal();
    }

    @Override
    public synchronized Decision decision() {
        return decision;
    }

    @Override
    public synchronized SensitivityDecision sensitivity() {
        return sensitivity;
    }

    @Override
    public synchronized Optional<RoutingDecision> route() {
        return Optional.ofNullable(route);
    }

    @Override
    public synchronized EvidenceSet evidence() {
        return evidence;
    }

    @Override
    public BackendCalls backends() {
        return backends;
    }

    @Override
    public synchronized List<Part.ToolCall> awaitedToolCalls() {
        return awaited;
    }

    /** The turn ends with {@code calls}, for the caller to run. */
    synchronized void await(List<Part.ToolCall> calls) {
        awaited = List.copyOf(calls);
    }

    GovernedBackendCalls governedBackends() {
        return backends;
    }

    @Override
    public String partialInstruction() {
        return partialInstruction;
    }

    @Override
    public synchronized Optional<String> regenerationInstruction() {
        return Optional.ofNullable(regenerationInstruction);
    }

    @Override
    public synchronized <T> void put(TurnKey<T> key, T value) {
        values.put(Objects.requireNonNull(key, "key"), key.type().cast(Objects.requireNonNull(value, "value")));
    }

    @Override
    public synchronized <T> Optional<T> get(TurnKey<T> key) {
        return Optional.ofNullable(key.type().cast(values.get(key)));
    }

    @Override
    public String filtered(String text) {
        return filter.apply(decision(), partialKinds(), text).text();
    }

    @Override
    public synchronized void trace(String step, String summary, Map<String, ?> details) {
        trace.add(new TraceStep(step, summary, new LinkedHashMap<>(details)));
    }

    @Override
    public synchronized void extension(String name, Object value) {
        if (dev.keel.core.Provenance.FIELD_NAMES.contains(Objects.requireNonNull(name, "name"))) {
            throw new InvalidInputException("'" + name + "' is a provenance field, not an extension");
        }
        if (GovernedAnswer.KEEL_EXTENSIONS.contains(name)) {
            throw new InvalidInputException("'" + name + "' is an extension Keel sets");
        }
        if (value == null) {
            extensions.remove(name);
        } else {
            extensions.put(name, value);
        }
    }

    @Override
    public synchronized void auditDetail(String name, Object value) {
        Objects.requireNonNull(name, "name");
        if (value == null) {
            auditDetails.remove(name);
        } else {
            auditDetails.put(name, value);
        }
    }

    synchronized Map<String, Object> auditDetails() {
        return new LinkedHashMap<>(auditDetails);
    }

    synchronized void lowerDecision(Decision lower) {
        decision = decision.mostRestrictive(lower);
    }

    /**
     * Adds the rules of {@code more} that keep the request in the house (it only ever becomes stricter).
     *
     * @return whether a rule was added
     */
    synchronized boolean raiseSensitivity(SensitivityDecision more) {
        List<String> rules = new ArrayList<>(sensitivity.rules());
        more.rules().stream().filter(rule -> !rules.contains(rule)).forEach(rules::add);
        if (rules.size() == sensitivity.rules().size()) {
            return false;
        }
        more.reasonCodes().values().forEach(reasonCodes::add);
        sensitivity = new SensitivityDecision(true, rules, sensitivity.reasonCodes().concat(more.reasonCodes()));
        return true;
    }

    synchronized void route(RoutingDecision route) {
        this.route = route;
        route.reasonCodes().values().forEach(reasonCodes::add);
    }

    synchronized void evidence(EvidenceSet evidence) {
        this.evidence = evidence;
    }

    synchronized void regenerationInstruction(String instruction) {
        this.regenerationInstruction = instruction;
    }

    synchronized void reasonCode(String code) {
        reasonCodes.add(code);
    }

    synchronized ReasonCodes reasonCodes() {
        return reasonCodes.build();
    }

    synchronized Map<TurnKey<?>, Object> values() {
        return new HashMap<>(values);
    }

    synchronized List<TraceStep> trace() {
        return List.copyOf(trace);
    }

    synchronized Map<String, Object> extensions() {
        return new LinkedHashMap<>(extensions);
    }
}
