package dev.keel.aiservices;

import dev.keel.core.ConfigurationException;
import dev.keel.core.Principal;
import dev.keel.core.spi.AuditSink;
import dev.keel.core.spi.InMemorySessionStore;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.SessionStore;
import dev.keel.langchain4j.ChatModelBackend;
import dev.keel.pipeline.Backends;
import dev.keel.pipeline.ContentLabels;
import dev.keel.pipeline.EvidenceProvider;
import dev.keel.pipeline.KeelDeniedException;
import dev.keel.pipeline.Pipeline;
import dev.keel.pipeline.ReasoningStep;
import dev.keel.policy.PolicyDocument;
import dev.keel.routing.RoutingTable;
import dev.langchain4j.model.chat.ChatModel;
import io.micrometer.observation.ObservationRegistry;
import java.util.Objects;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * A langchain4j {@link ChatModel} that is a governed call: every chat it is asked for is one call of a Keel
 * {@link Pipeline}, whose backends are the host's real models, reached nowhere else. Built from the host's pipeline,
 * so its governance, turn steps, evidence, enforcement, observations and audit are that pipeline's:
 *
 * <pre>{@code
 * Pipeline pipeline = GovernedChatModel.pipeline(PolicyFiles.readPolicy(Path.of("ward_policy.json")))
 *         .internal("ward", wardModel)                  // runs in the house
 *         .external("cloud", cloudModel)                // every prompt to it is egress-filtered
 *         .sessionStore(sessionStore)                   // durable: the labels outlive the process
 *         .auditSink(auditSink)
 *         .build();
 * ChatModel governed = GovernedChatModel.builder(pipeline)
 *         .principal(currentUser::principal)            // the principal the host authenticated
 *         .subject(currentUser::id)                     // who, on record
 *         .session(currentUser::conversationId)         // the conversation, for its labels
 *         .build();
 * Assistant assistant = AiServices.builder(Assistant.class).chatModel(governed)
 *         .chatMemory(MessageWindowChatMemory.withMaxMessages(20)).build();
 * }</pre>
 *
 * <p>Each chat goes to the pipeline as a conversation: every earlier message (system, user, AI) as a labelled
 * history message, the last user message as parts, never one concatenated string, so governance reads all of it.
 * The answer comes back with its labels as the {@value #LABELS_ATTRIBUTE} attribute of the {@code AiMessage}, and
 * the pipeline keeps the labels of the user's message and of the answer in its session store (a {@link SessionStore})
 * by session, or by subject without one, and by content ({@link ContentLabels}), so that in a later chat every history
 * message it governed gets its labels back, even from a chat memory that kept only text, across restarts when the
 * store is durable. An AI message of the history it knows nothing of (no attribute, no labels kept: model output Keel
 * never saw) is internal only ({@value ContentLabels#UNKNOWN_HISTORY}); a user or system message it never saw is
 * assessed afresh. So content labelled internal only never reaches an external backend in a later chat, and content
 * the principal was denied is not replayed.
 * DENY raises {@link KeelDeniedException} and no model is called. A typed return is asked for with its JSON schema
 * and kept in shape by {@link #reasoning()}, or refused with {@link KeelDeniedException} when the decision withholds
 * what its type needs. See {@code docs/langchain4j.md}.
 *
 * <p>Tools: the request's tool specifications are offered to the model as tools the caller (AI Services) runs.
 * Every call the model asks for passes the policy's tool gate in the pipeline: a refused call is answered inside the
 * chat with a refusal and its reason codes, and the model asked again; allowed calls end the chat with an
 * {@code AiMessage} of their tool execution requests, the arguments as the gate lets them leave. AI Services run
 * them and call again; each result is labelled with its tool's domains and the decision taken again over them, the
 * lower winning. Images and other non-text content are a {@link ConfigurationException}. Streamed, the same model is
 * a {@link GovernedStreamingChatModel}
 * ({@link Builder#buildStreaming()}). Thread-safe once built when the pipeline and the suppliers are.
 */
public interface GovernedChatModel extends ChatModel {

    /**
     * The attribute of every {@code AiMessage} the model returns: the answer's labels as a plain value
     * ({@code {"domains": [...], "internal_only": true|false, "decision": "ALLOW"|"PARTIAL"}}).
     */
    String LABELS_ATTRIBUTE = "keel.labels";

    /** A governed chat model whose every chat is one call of {@code pipeline}. */
    static Builder builder(Pipeline pipeline) {
        return new Builder(pipeline);
    }

    /**
     * A pipeline over langchain4j chat models governed by {@code policy}, with {@link #reasoning()} as its reasoning:
     * the convenience for a host that has no pipeline of its own.
     */
    static PipelineBuilder pipeline(PolicyDocument policy) {
        return new PipelineBuilder(policy);
    }

    /**
     * The reasoning step of a pipeline that answers governed chats: one model call to the backend routing chose with
     * the evidence, the conversation as the turn may send it and, for a typed return, its JSON schema; a typed answer
     * that is not one JSON value of that shape is asked for once more. Other requests are reasoned as
     * {@code SingleCallReasoning.userMessage()} does. A typed return needs it: over another reasoning step a typed
     * chat is refused with a {@link ConfigurationException}. Immutable and thread-safe.
     */
    static ReasoningStep reasoning() {
        return new ChatReasoning();
    }

    /** Collects a governed chat model's pipeline and where each chat's principal, subject and session come from. */
    final class Builder {
        private final Pipeline pipeline;
        private @Nullable Supplier<@Nullable Principal> principal;
        private Supplier<@Nullable String> subject = () -> null;
        private Supplier<@Nullable String> session = () -> null;

        private Builder(Pipeline pipeline) {
            this.pipeline = Objects.requireNonNull(pipeline, "pipeline");
        }

        /**
         * Where the principal of each chat comes from (required): the host's authenticated user, asked on the
         * thread that calls the AI Service, at every chat. It may return null when nobody is authenticated: the
         * chat is then denied.
         */
        public Builder principal(Supplier<@Nullable Principal> principal) {
            this.principal = Objects.requireNonNull(principal, "principal");
            return this;
        }

        /** Who the authenticated user is, as the audit record names them; asked at every chat, null for none. */
        public Builder subject(Supplier<@Nullable String> subject) {
            this.subject = Objects.requireNonNull(subject, "subject");
            return this;
        }

        /**
         * Which conversation a chat belongs to (a chat memory's id), asked at every chat, null for none: the
         * pipeline's session, and the key of the labels kept for it in the pipeline's session store. Without one,
         * labels are kept by subject; with neither, only the {@value #LABELS_ATTRIBUTE} attribute carries them, and an
         * AI message of the history without it is internal only.
         */
        public Builder session(Supplier<@Nullable String> session) {
            this.session = Objects.requireNonNull(session, "session");
            return this;
        }

        /** @throws ConfigurationException when no principal source is given */
        public GovernedChatModel build() {
            if (principal == null) {
                throw new ConfigurationException("a governed chat model needs a principal source: principal(...)");
            }
            return new PipelineChatModel(pipeline, principal, subject, session);
        }

        /**
         * The same model as {@link #build()}, streaming: a {@link GovernedStreamingChatModel}.
         *
         * @throws ConfigurationException when no principal source is given
         */
        public GovernedStreamingChatModel buildStreaming() {
            return new PipelineStreamingChatModel(pipeline, (PipelineChatModel) build());
        }
    }

    /** Collects the models of a pipeline for governed chats; not thread-safe. */
    final class PipelineBuilder {
        private final PolicyDocument policy;
        private final Backends.Builder backends = Backends.builder();
        private @Nullable RoutingTable routing;
        private EvidenceProvider evidence = EvidenceProvider.none();
        private AuditSink auditSink = AuditSink.noop();
        private SessionStore sessionStore = new InMemorySessionStore();
        private ObservationRegistry observations = ObservationRegistry.NOOP;

        private PipelineBuilder(PolicyDocument policy) {
            this.policy = Objects.requireNonNull(policy, "policy");
        }

        /** A model that runs in the house, named {@code name}; the first one added answers when nothing may leave. */
        public PipelineBuilder internal(String name, ChatModel model) {
            return internal(name, ChatModelBackend.builder(name, model).build());
        }

        /** As {@link #internal(String, ChatModel)}, for a Keel backend (a provider factory's, a fallback chain). */
        public PipelineBuilder internal(String name, LlmBackend backend) {
            backends.internal(name, backend);
            return this;
        }

        /** A model outside the house, named {@code name}: every prompt to it passes the egress filter first. */
        public PipelineBuilder external(String name, ChatModel model) {
            return external(name, ChatModelBackend.builder(name, model).build());
        }

        /** As {@link #external(String, ChatModel)}, for a Keel backend (a provider factory's, a fallback chain). */
        public PipelineBuilder external(String name, LlmBackend backend) {
            backends.external(name, backend);
            return this;
        }

        /**
         * Which backend answers which request; unless set, the first external model answers everything (the first
         * internal one when there is none), and the first internal model answers what must stay in the house.
         */
        public PipelineBuilder routing(RoutingTable table) {
            this.routing = Objects.requireNonNull(table, "table");
            return this;
        }

        /** The evidence each answer may use, each item labelled with its domain; none unless set. */
        public PipelineBuilder evidence(EvidenceProvider provider) {
            this.evidence = Objects.requireNonNull(provider, "provider");
            return this;
        }

        /** Where the governed call's observations go (the host's registry); nowhere unless set. */
        public PipelineBuilder observationRegistry(ObservationRegistry registry) {
            this.observations = Objects.requireNonNull(registry, "registry");
            return this;
        }

        /** Where the audit record of every chat goes; nowhere unless set. */
        public PipelineBuilder auditSink(AuditSink sink) {
            this.auditSink = Objects.requireNonNull(sink, "sink");
            return this;
        }

        /**
         * Where the pipeline keeps what it knows of each conversation: the labels of what each chat said (which a
         * chat memory that keeps only text gets back by content) and that a conversation had to stay in the house; in
         * memory unless set. Give the host's durable store (a JDBC one) when conversations outlive the process or span
         * nodes: a chat memory that outlives the labels replays what they said as content Keel never saw.
         */
        public PipelineBuilder sessionStore(SessionStore store) {
            this.sessionStore = Objects.requireNonNull(store, "store");
            return this;
        }

        /**
         * The pipeline: the policy, the models as its backends, the routing table, the evidence, the audit sink, the
         * session store and {@link GovernedChatModel#reasoning()}. A host that needs more of a pipeline (turn steps,
         * enforcement, observations) builds it with {@code Pipeline.builder()} and that reasoning step.
         *
         * @throws ConfigurationException when there is no internal model, or the routing table names a model that is
         *         not given
         */
        public Pipeline build() {
            Backends models = backends.build();
            RoutingTable table = routing != null ? routing : models.defaultRouting();
            return Pipeline.builder().policy(policy).routing(table).backends(models).evidence(evidence)
                    .reasoning(reasoning()).auditSink(auditSink).sessionStore(sessionStore)
                    .observationRegistry(observations).build();
        }
    }
}
