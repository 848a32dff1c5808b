package dev.keel.examples.services;

import dev.keel.core.Principal;
import dev.keel.core.io.TextSources;
import dev.keel.core.spi.AuditSink;
import dev.keel.core.spi.Embedder;
import dev.keel.core.spi.IdSource;
import dev.keel.core.spi.InMemorySessionStore;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.SessionStore;
import dev.keel.embeddings.minilm.MiniLmEmbedders;
import dev.keel.pipeline.Backends;
import dev.keel.pipeline.GovernedAnswer;
import dev.keel.pipeline.GovernedRequest;
import dev.keel.pipeline.Pipeline;
import dev.keel.policy.PolicyDocument;
import dev.keel.routing.RoutingTable;
import dev.keel.stage.StageRuntime;
import java.util.List;
import java.util.Objects;

/**
 * The government-services assistant: the stage workflow of {@link ServicesContracts} on the governed call
 * ({@link Pipeline}), over a {@link Catalogue}. Each question is governed (the policy's decision, routing, the
 * egress filter on every prompt to an outside model, the outbound filter on the reply, one audit record), and its
 * reasoning is one stage run: the persona block once, judgement, agency detection, category selection (one agency)
 * or semantic analysis (several), service selection, the multi-agency answer when needed, the session end; each
 * output validated, an invalid one asked again with the violations as its telemetry note, only the documented
 * slices merged. The workflow is bound to the catalogue ({@link ServicesContracts#forCatalogue}): an agency, service
 * or category the catalogue lacks is a contract violation, asked again. A run that still fails ends the turn with a
 * governed clarification that says what could not be told. A session's earlier answered turns go to the stages as
 * {@code chat_context_summary}, so a follow-up keeps its context. The reply is the catalogue's template filled from
 * the catalogue. Described in {@code docs/services-example.md}.
 *
 * <p>The stages go to the configured stage model ({@link Builder#stageModel}, an Ollama model in the demo when
 * {@code OLLAMA_HOST} is set); without one, and whenever it fails, the {@link EmbeddedStageModel} answers, and the
 * provenance says so. Thread-safe once built; run one question per session at a time.
 */
public final class ServicesAssistant {

    /** The principal the assistant serves: a member of the public. */
    public static final Principal RESIDENT = Principal.of("resident", "public");
    /** The routing target of the stage model. */
    public static final String STAGE_MODEL = "stage_model";
    /** The backend name of the embedded classifier: the internal fallback. */
    public static final String EMBEDDED = "embedded";
    /** The policy's resource name, next to this class. */
    public static final String POLICY = "services_policy.json";
    /** The routing table's resource name, next to this class. */
    public static final String ROUTING_TABLE = "services_routing_table.json";

    private final Pipeline pipeline;
    private final boolean configuredModel;

    private ServicesAssistant(Builder b) {
        Catalogue catalogue = b.catalogue;
        LlmBackend embedded = b.embeddedModel != null ? b.embeddedModel
                : EmbeddedStageModel.create(catalogue, b.embedder != null ? b.embedder : MiniLmEmbedders.allMiniLmL6V2(),
                        b.idSource);
        Backends.Builder backends = Backends.builder().internal(EMBEDDED, embedded).fallback(EMBEDDED);
        if (b.stageModel != null) {
            backends.external(STAGE_MODEL, b.stageModel);
        } else {
            backends.internal(STAGE_MODEL, embedded);
        }
        this.configuredModel = b.stageModel != null;
        this.pipeline = Pipeline.builder()
                .policy(PolicyDocument.parse(resource(POLICY)))
                .policySources(POLICY)
                .routing(RoutingTable.parse(resource(ROUTING_TABLE)))
                .backends(backends.build())
                .reasoning(new StageReasoning(catalogue, b.sessionStore, b.idSource, b.maxReasks, b.runtimeDirective))
                .auditSink(b.auditSink)
                .idSource(b.idSource)
                .build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Whether a stage model was configured (else the embedded classifier answers every stage). */
    public boolean hasConfiguredModel() {
        return configuredModel;
    }

    /** Answers a question in a new session. */
    public ServicesAnswer ask(String question) {
        return ask(null, question);
    }

    /**
     * Answers a question.
     *
     * @param sessionId the session to continue (its {@code session_id} is carried into every stage), or null for a
     *                  new one
     */
    public ServicesAnswer ask(String sessionId, String question) {
        GovernedRequest.Builder request = GovernedRequest.builder().principal(RESIDENT).message(question);
        if (sessionId != null) {
            request.sessionId(sessionId);
        }
        GovernedAnswer governed = pipeline.call(request.build());
        return governed.value(StageReasoning.RESULT)
                .map(result -> new ServicesAnswer(result.outcome(), result.run().sessionId(), result.services(),
                        result.steps(), result.run().failure().orElse(null), governed))
                .orElseGet(() -> new ServicesAnswer(ServicesAnswer.Outcome.DENIED, sessionId, List.of(), List.of(),
                        null, governed));
    }

    private static String resource(String name) {
        return TextSources.readResource(ServicesAssistant.class.getClassLoader(), "dev/keel/examples/services/" + name);
    }

    /** Configures a {@link ServicesAssistant}; not thread-safe. */
    public static final class Builder {
        private Catalogue catalogue = Catalogue.shipped();
        private LlmBackend stageModel;
        private LlmBackend embeddedModel;
        private Embedder embedder;
        private SessionStore sessionStore = new InMemorySessionStore();
        private IdSource idSource = IdSource.randomUuid();
        private AuditSink auditSink = AuditSink.noop();
        private int maxReasks = StageRuntime.Builder.DEFAULT_MAX_REASKS;
        private String runtimeDirective = "";

        private Builder() {
        }

        /** The catalogue; {@link Catalogue#shipped()} unless set. */
        public Builder catalogue(Catalogue catalogue) {
            this.catalogue = Objects.requireNonNull(catalogue, "catalogue");
            return this;
        }

        /**
         * The model the stages are asked of, outside the house (every prompt to it passes the egress filter); the
         * embedded classifier answers when it fails. Unless set, the embedded classifier answers every stage.
         */
        public Builder stageModel(LlmBackend model) {
            this.stageModel = Objects.requireNonNull(model, "model");
            return this;
        }

        /** The internal fallback; an {@link EmbeddedStageModel} over the catalogue unless set. */
        public Builder embeddedModel(LlmBackend model) {
            this.embeddedModel = Objects.requireNonNull(model, "model");
            return this;
        }

        /** The embedder of the embedded classifier; the in-process all-MiniLM-L6-v2 unless set. */
        public Builder embedder(Embedder embedder) {
            this.embedder = Objects.requireNonNull(embedder, "embedder");
            return this;
        }

        /** Where each session's {@code cached_state} lives; in memory unless set. */
        public Builder sessionStore(SessionStore store) {
            this.sessionStore = Objects.requireNonNull(store, "store");
            return this;
        }

        /** Where request, session and response ids come from; random UUIDs unless set. */
        public Builder idSource(IdSource ids) {
            this.idSource = Objects.requireNonNull(ids, "ids");
            return this;
        }

        /** Where every question's audit record goes; nowhere unless set. */
        public Builder auditSink(AuditSink sink) {
            this.auditSink = Objects.requireNonNull(sink, "sink");
            return this;
        }

        /**
         * Re-asks per stage after an invalid output, 0 to 10; 2 unless set.
         *
         * @throws dev.keel.core.ConfigurationException outside 0 to 10, as the stage runtime refuses it
         */
        public Builder maxReasks(int maxReasks) {
            StageRuntime.builder().maxReasks(maxReasks);
            this.maxReasks = maxReasks;
            return this;
        }

        /**
         * An operator's instruction for every turn, sent to the stages after judgement as {@code runtime_directive}
         * (with, on a follow-up, what the earlier turns settled); none unless set.
         */
        public Builder runtimeDirective(String directive) {
            this.runtimeDirective = Objects.requireNonNull(directive, "directive").strip();
            return this;
        }

        public ServicesAssistant build() {
            return new ServicesAssistant(this);
        }
    }
}
