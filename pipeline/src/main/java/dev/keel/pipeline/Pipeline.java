package dev.keel.pipeline;

import dev.keel.core.ConfigurationException;
import dev.keel.core.KeelException;
import dev.keel.core.spi.AuditSink;
import dev.keel.core.spi.IdSource;
import dev.keel.core.spi.InMemorySessionStore;
import dev.keel.core.spi.SessionStore;
import dev.keel.core.spi.StreamHandle;
import dev.keel.policy.DomainDetector;
import dev.keel.policy.GovernanceBundle;
import dev.keel.policy.KnowledgeRanker;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.PrincipalResolver;
import dev.keel.routing.PoolEntry;
import dev.keel.routing.RoutingTable;
import io.micrometer.observation.ObservationRegistry;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.Flow;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The governed call: one entry point that takes a request from the host's principal to an audited answer.
 *
 * <ol>
 *   <li><b>governance</b>: the principal (the host's is authoritative; a claim in the prompt may only lower it),
 *       the domains asked about, ALLOW / PARTIAL / DENY, the rationale, and the sensitivity (must the request stay
 *       in the house?). DENY ends the turn: no model is called;</li>
 *   <li>the application's <b>turn steps</b> (a sensor, a clarification, rule selection), which may end the turn;</li>
 *   <li><b>routing</b>: which backend; an internal-only request is routed only to an internal one;</li>
 *   <li><b>evidence</b>, each item labelled with its domain; the decision is checked again against those domains
 *       and the lower decision wins;</li>
 *   <li><b>reasoning</b>: the draft, through {@link BackendCalls} only, so every prompt that leaves the house is
 *       egress-filtered;</li>
 *   <li><b>enforcement</b>: the composed answer is checked; one violation writes it again, a second refuses it;</li>
 *   <li>the <b>outbound filter</b>, exactly once, on the final text (streamed, {@link #stream}: on the model's
 *       text as it arrives);</li>
 *   <li>the <b>provenance</b>, assembled in one place, and one <b>audit record</b> per turn, denials included: a
 *       turn that ends by handing calls of tools the caller runs to the caller waits for the caller's next request
 *       of the turn, and the two (or more) requests write one record.</li>
 * </ol>
 *
 * <p>The protocol, with a diagram and a sample to copy, is in {@code docs/governed-call.md}. Thread-safe once
 * built: one pipeline serves every call of a host; {@link #close()} it when the host stops.
 */
public interface Pipeline extends AutoCloseable {

    /** The kind of the audit record of every turn ({@code docs/governed-call.md}, "One record per turn"). */
    String AUDIT_KIND = "governed_call";

    /**
     * The key of a session's state ({@link SessionStore}) under which the pipeline keeps the rules that made the
     * session internal only (a list of strings); absent while it is not.
     */
    String SESSION_INTERNAL_ONLY = "keel.internal_only";

    /**
     * The key of a conversation's state ({@link SessionStore}, under the key {@code session:<id>}, or
     * {@code subject:<id>} without a session) under which the pipeline keeps the audit records of its turns that wait
     * for the caller's tool results, by the hash of the turn's user message; absent while none waits.
     */
    String SESSION_PENDING_TURNS = "keel.pending_turns";

    static Builder builder() {
        return new Builder();
    }

    /**
     * Governs one call. A denial, a clarification or a refused answer is a {@link GovernedAnswer}, never an
     * exception.
     *
     * @throws dev.keel.core.BackendException when a model call fails and so does the fallback, or the audit sink
     *         fails (the call is audited as failed first, when the sink allows)
     */
    GovernedAnswer call(GovernedRequest request);

    /**
     * Governs one call as {@link #call} does and gives the answer to {@code sink} as it is written. Everything
     * before the model speaks is settled first, as in {@code call}: governance, the turn steps, routing, the
     * evidence and the decision over it. Then:
     * <ul>
     *   <li>when the reasoning step streams ({@link ReasoningStep#stream}: one model call whose reply is the draft,
     *       as {@link SingleCallReasoning} makes), the answer is that draft as it is (no enforcement step, the
     *       composer {@link AnswerComposer#draftOnly()}): the model's text passes, as it arrives, through a
     *       {@link dev.keel.reading.StreamingFilter} opened for the turn's decision and the policy, and what it lets
     *       go reaches {@code sink} at once. That filter is the call's outbound filter, applied once, and its
     *       redactions are the answer's {@link GovernedAnswer#withheld()};</li>
     *   <li>otherwise (a denial, a turn a step ended, a reasoning step that needs more than one reply such as a
     *       committee or a re-ask, an enforcement step or a composer that must see the whole draft) the call runs as
     *       {@code call} runs, and its filtered text reaches {@code sink} as one chunk (none when it is empty).</li>
     * </ul>
     * Then {@code sink} is told {@link AnswerSink#complete} with the answer, after its audit record was written; the
     * answer's text is the chunks joined.
     *
     * <p>A failure is {@link AnswerSink#fail}, after the call was audited as failed: a backend that fails before its
     * first chunk is passed by for the fallback, unseen; one that fails after chunks ends the call with its failure.
     * {@link StreamHandle#cancel()} (from any thread, or from the sink) stops the model's stream and the call: it is
     * audited with the outcome {@code cancelled}, and once {@code cancel} has returned the sink is called no more.
     *
     * <p>Blocks until the call ended, as {@code call} does; {@code sink} is called on this thread, one call at a
     * time. The default governs the call with {@link #call} and gives its text as one chunk.
     *
     * @throws RuntimeException what is not a {@link dev.keel.core.KeelException} (a programming error, or what the
     *                          sink threw), after the call was audited as failed
     */
    default void stream(GovernedRequest request, AnswerSink sink, StreamHandle handle) {
        GovernedAnswer answer;
        try {
            answer = call(request);
        } catch (KeelException failure) {
            if (!handle.isCancelled()) {
                sink.fail(failure);
            }
            return;
        }
        if (!handle.isCancelled() && !answer.text().isEmpty()) {
            sink.chunk(answer.text());
        }
        if (!handle.isCancelled()) {
            sink.complete(answer);
        }
    }

    /** {@link #stream(GovernedRequest, AnswerSink, StreamHandle)} with a handle nobody cancels. */
    default void stream(GovernedRequest request, AnswerSink sink) {
        stream(request, sink, StreamHandle.create());
    }

    /**
     * {@link #stream(GovernedRequest, AnswerSink, StreamHandle)} as a {@link Flow.Publisher}: a
     * {@link AnswerEvent.Chunk} per chunk, then one {@link AnswerEvent.Completed}, then {@code onComplete}; a
     * failure is {@code onError} with the {@link KeelException}. Each subscription is one governed call, run on
     * {@code executor} once the subscriber first requests; the call waits while the subscriber has no demand,
     * which holds the model's stream back. Cancelling the subscription cancels the call. Thread-safe: signals to a
     * subscriber are serial, from the executor's thread.
     */
    default Flow.Publisher<AnswerEvent> publisher(GovernedRequest request, Executor executor) {
        return new AnswerPublisher(this, request, executor);
    }

    /**
     * The host says that the session {@code sessionId}, kept internal only since one of its turns had to stay in the
     * house, may use external backends again (for example once its memory was cleared). Later turns are governed by
     * what they hold: a history part still labelled internal only keeps its turn inside. A pipeline that keeps no
     * session state has nothing to clear.
     */
    default void clearInternalOnly(String sessionId) {
    }

    /**
     * Writes the audit record of every turn this pipeline left waiting for the caller's tool results, alone and marked
     * {@code "incomplete_turn": "closed"}: the host stops, and no record is lost. The pipeline still governs calls
     * afterwards. The default has nothing waiting.
     *
     * @throws dev.keel.core.BackendException when the audit sink or the session store fails
     */
    @Override
    default void close() {
    }

    /** Configures a {@link Pipeline}; not thread-safe. */
    final class Builder {
        /** What a refused answer says unless configured. */
        public static final String DEFAULT_REFUSAL = "I cannot give an answer that keeps to the rules for this request.";

        private @Nullable PolicyDocument policy;
        private List<String> policySources = List.of();
        private @Nullable PrincipalResolver principalResolver;
        private @Nullable DomainDetector domainDetector;
        private @Nullable KnowledgeRanker knowledgeRanker;
        private @Nullable RoutingTable routingTable;
        private @Nullable Backends backends;
        private EvidenceProvider evidence = EvidenceProvider.none();
        private final List<TurnStep> turnSteps = new ArrayList<>();
        private @Nullable ReasoningStep reasoning;
        private final List<EnforcementStep> enforcement = new ArrayList<>();
        private AnswerComposer composer = AnswerComposer.draftOnly();
        private Function<GovernanceBundle, String> denial = Builder::defaultDenial;
        private String refusal = DEFAULT_REFUSAL;
        private AuditSink auditSink = AuditSink.noop();
        private @Nullable SessionStore sessionStore;
        private Clock clock = Clock.systemUTC();
        private IdSource idSource = IdSource.randomUuid();
        private ObservationRegistry observationRegistry = ObservationRegistry.NOOP;
        private boolean rawAuditDetails;

        private Builder() {
        }

        /** The policy (required): decisions, domain rules, restrictions, sensitivity, the PARTIAL instruction. */
        public Builder policy(PolicyDocument policy) {
            this.policy = Objects.requireNonNull(policy, "policy");
            return this;
        }

        /**
         * Where the policy and its governance knowledge came from (file names, for example), recorded in every
         * answer's provenance as the evidence sources of kind {@code policy}; none unless set.
         */
        public Builder policySources(String... sources) {
            this.policySources = List.of(sources);
            return this;
        }

        /** How the principal is resolved; unless set, prompt claims may only lower privilege under the policy. */
        public Builder principalResolver(PrincipalResolver resolver) {
            this.principalResolver = Objects.requireNonNull(resolver, "resolver");
            return this;
        }

        /** How domains are detected; unless set, the policy's domain rules. */
        public Builder domainDetector(DomainDetector detector) {
            this.domainDetector = Objects.requireNonNull(detector, "detector");
            return this;
        }

        /** Where the rationale of decisions comes from; none unless set. */
        public Builder knowledgeRanker(KnowledgeRanker ranker) {
            this.knowledgeRanker = Objects.requireNonNull(ranker, "ranker");
            return this;
        }

        /** The routing table (required); every backend it names must be one of the {@link #backends}. */
        public Builder routing(RoutingTable table) {
            this.routingTable = Objects.requireNonNull(table, "table");
            return this;
        }

        /** The backends (required), each internal or external. */
        public Builder backends(Backends backends) {
            this.backends = Objects.requireNonNull(backends, "backends");
            return this;
        }

        /** Where the evidence comes from; none unless set. */
        public Builder evidence(EvidenceProvider provider) {
            this.evidence = Objects.requireNonNull(provider, "provider");
            return this;
        }

        /** Adds a step that runs after governance and before routing, in the order added. */
        public Builder turnStep(TurnStep step) {
            turnSteps.add(Objects.requireNonNull(step, "step"));
            return this;
        }

        /** How the draft is written (required). */
        public Builder reasoning(ReasoningStep step) {
            this.reasoning = Objects.requireNonNull(step, "step");
            return this;
        }

        /** Adds a check of the composed answer, in the order added. */
        public Builder enforcement(EnforcementStep step) {
            enforcement.add(Objects.requireNonNull(step, "step"));
            return this;
        }

        /** How the answer is written from the draft; the draft as it is unless set. */
        public Builder composer(AnswerComposer composer) {
            this.composer = Objects.requireNonNull(composer, "composer");
            return this;
        }

        /**
         * What a denied request is told; unless set, that it was denied, the reason codes and the rationale. The
         * text passes the outbound filter as under PARTIAL, so that a denial never carries a figure.
         */
        public Builder denial(Function<GovernanceBundle, String> denial) {
            this.denial = Objects.requireNonNull(denial, "denial");
            return this;
        }

        /** What a refused answer says; {@link #DEFAULT_REFUSAL} unless set. */
        public Builder refusal(String text) {
            this.refusal = Objects.requireNonNull(text, "text");
            return this;
        }

        /** Where the audit record of every turn goes; nowhere unless set. */
        public Builder auditSink(AuditSink sink) {
            this.auditSink = Objects.requireNonNull(sink, "sink");
            return this;
        }

        /**
         * Where the pipeline keeps what it knows of each session (that a session became internal only, under
         * {@link Pipeline#SESSION_INTERNAL_ONLY}; the audit records of turns that wait for the caller's tool results,
         * under {@link Pipeline#SESSION_PENDING_TURNS}); a store in memory unless set. Give the host's durable store
         * when sessions outlive the process or span nodes.
         */
        public Builder sessionStore(SessionStore store) {
            this.sessionStore = Objects.requireNonNull(store, "store");
            return this;
        }

        /** When audit records are written; the system clock (UTC) unless set. */
        public Builder clock(Clock clock) {
            this.clock = Objects.requireNonNull(clock, "clock");
            return this;
        }

        /** Where request ids come from when the host gives none; random UUIDs unless set. */
        public Builder idSource(IdSource idSource) {
            this.idSource = Objects.requireNonNull(idSource, "idSource");
            return this;
        }

        /**
         * Where the call's observations go ({@link dev.keel.pipeline.observation.KeelObservation}: the call, each
         * step, each model call), so that the host's Micrometer metrics and tracing see them; nowhere unless set
         * (the no-op registry costs nothing). See {@code docs/observability.md}.
         */
        public Builder observationRegistry(ObservationRegistry registry) {
            this.observationRegistry = Objects.requireNonNull(registry, "registry");
            return this;
        }

        /**
         * Whether the audit record's {@code details} ({@link Turn#auditDetail}) keep the text the steps recorded as
         * it is: the message, a model's raw output, credentials and figures included, in plain text wherever the audit
         * sink stores it. False unless set: every string in them is stored as the egress filter lets it leave under
         * the turn's decision, which is what the audit record promises (it never holds what the policy withholds).
         * Set it only for a store kept to the standard of the most sensitive text users paste.
         */
        public Builder rawAuditDetails(boolean raw) {
            this.rawAuditDetails = raw;
            return this;
        }

        private static String defaultDenial(GovernanceBundle bundle) {
            StringBuilder text = new StringBuilder("The request was denied (")
                    .append(String.join(", ", bundle.policyDecision().reasonCodes().values())).append(").");
            bundle.rationale().forEach(passage -> text.append("\n\n").append(passage.passage().text()));
            return text.toString();
        }

        /**
         * @throws ConfigurationException when the policy, the routing table, the backends or the reasoning step is
         *         missing, or the table names a backend that is not configured, or its internal backend is not an
         *         internal one
         */
        public Pipeline build() {
            PolicyDocument policy = require(this.policy, "a policy");
            RoutingTable routingTable = require(this.routingTable, "a routing table");
            Backends backends = require(this.backends, "backends");
            ReasoningStep reasoning = require(this.reasoning, "a reasoning step");
            for (PoolEntry entry : routingTable.entries()) {
                if (backends.find(entry.backendTarget()).isEmpty()) {
                    throw new ConfigurationException("the routing table names backend '" + entry.backendTarget()
                            + "', which is not configured; backends: " + new java.util.TreeSet<>(backends.names()));
                }
            }
            routingTable.overrides().forEach(override -> {
                if (backends.find(override.entry().backendTarget()).isEmpty()) {
                    throw new ConfigurationException("the routing override '" + override.name() + "' names backend '"
                            + override.entry().backendTarget() + "', which is not configured");
                }
            });
            if (!backends.isInternal(routingTable.internalBackendTarget())) {
                throw new ConfigurationException("the routing table's internal backend '"
                        + routingTable.internalBackendTarget() + "' is not an internal backend");
            }
            return new DefaultPipeline(new PipelineSettings(policy, policySources, principalResolver, domainDetector,
                    knowledgeRanker, routingTable, backends, evidence, turnSteps, reasoning, enforcement, composer,
                    denial, refusal, auditSink, sessionStore != null ? sessionStore : new InMemorySessionStore(), clock,
                    idSource, rawAuditDetails), observationRegistry);
        }

        private static <T> T require(@Nullable T value, String what) {
            if (value == null) {
                throw new ConfigurationException("a pipeline needs " + what);
            }
            return value;
        }
    }
}
