package dev.keel.spring.ai;

import dev.keel.core.ConfigurationException;
import dev.keel.core.Principal;
import dev.keel.core.spi.AuditSink;
import dev.keel.core.spi.InMemorySessionStore;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.SessionStore;
import dev.keel.pipeline.Backends;
import dev.keel.pipeline.ContentLabels;
import dev.keel.pipeline.EvidenceProvider;
import dev.keel.pipeline.KeelDeniedException;
import dev.keel.pipeline.Pipeline;
import dev.keel.pipeline.SingleCallReasoning;
import dev.keel.policy.PolicyDocument;
import dev.keel.routing.RoutingTable;
import io.micrometer.observation.ObservationRegistry;
import java.util.Objects;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.springframework.ai.chat.client.advisor.api.Advisor;
import org.springframework.ai.chat.client.advisor.api.CallAdvisor;
import org.springframework.ai.chat.client.advisor.api.StreamAdvisor;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.core.Ordered;

/**
 * A Spring AI advisor that answers a {@code ChatClient} call, or stream, as one governed call of a Keel
 * {@link Pipeline}, whose backends are the host's Spring AI chat models:
 *
 * <pre>{@code
 * Pipeline pipeline = KeelAdvisor.pipeline(PolicyFiles.readPolicy(Path.of("policy.json")))
 *         .internal("house", houseModel)                      // runs in the house
 *         .external("cloud", cloudModel)                      // every prompt to it is egress-filtered
 *         .sessionStore(sessionStore)                         // durable: the labels outlive the process
 *         .observationRegistry(observationRegistry)           // the ChatClient's registry
 *         .auditSink(auditSink)
 *         .build();
 * ChatClient chat = ChatClient.builder(houseModel, observationRegistry, null, null)
 *         .defaultAdvisors(
 *                 MessageChatMemoryAdvisor.builder(chatMemory).build(),   // before Keel's: stores what Keel returns
 *                 RetrievalAugmentationAdvisor.builder().documentRetriever(retriever).build(),
 *                 KeelAdvisor.builder(pipeline).principal(currentUser::principal).subject(currentUser::id).build())
 *         .build();
 * }</pre>
 *
 * <p><b>The one door.</b> The advisor does not pass the request on down the chain ({@code nextCall} /
 * {@code nextStream}): the ChatClient's own model and any advisor ordered after Keel's never run. The pipeline calls
 * the model routing chose, through its backends, so the prompt that leaves the house is the one the egress filter
 * let go, an internal-only request never reaches an external model, and the reply passes the outbound filter once.
 * Passing the request on instead would send Spring AI's prompt, unfiltered, to whichever model the ChatClient holds.
 * So Keel's advisor is the last: its order is {@link #DEFAULT_ORDER} unless set, after every advisor at Spring AI's
 * default orders; a call whose chain holds an advisor ordered after it (other than Spring AI's own model-calling
 * ones) is refused with a {@link ConfigurationException}.
 *
 * <p><b>The prompt as labelled parts.</b> Every message of the prompt (the system text, the history a chat memory
 * advisor added, the user message) goes to the pipeline as a message of parts, never one concatenated string; the
 * documents a retrieval advisor placed in the user message ({@value #DOCUMENT_CONTEXT}, Spring AI's
 * {@code RetrievalAugmentationAdvisor.DOCUMENT_CONTEXT}) are parts of their own, labelled with the domains and the
 * internal-only mark of their metadata ({@value #DOMAINS_METADATA}, {@value #INTERNAL_ONLY_METADATA}): a document
 * marked internal only keeps the call off every external model. Governance reads each document's words afresh, as it
 * reads the question's.
 *
 * <p><b>Memory.</b> A chat memory advisor ordered before Keel's adds the history to the prompt Keel governs and stores
 * the reply Keel returns: the filtered text, never the model's raw reply. The memory keeps text alone, so the pipeline
 * keeps the labels of every call's message and answer in its session store, by content ({@link ContentLabels}), under
 * the conversation id ({@code ChatMemory.CONVERSATION_ID}, the pipeline's session) or, without one, the subject, and
 * gives them back to the history the memory replays: an answer that had to stay in the house keeps the next call in
 * the house too, across restarts when the store is durable. An assistant message of the history nothing is known of
 * (model output Keel never saw) is internal only ({@value ContentLabels#UNKNOWN_HISTORY}). Only
 * {@code MessageChatMemoryAdvisor} may be the memory: the others write the conversation into the system text, and a
 * chain with one is refused with a {@link ConfigurationException}.
 *
 * <p><b>The answer.</b> The reply is the governed call's text, with the provenance's wire map under
 * {@value #PROVENANCE} in the {@code ChatResponse} metadata and in the {@code ChatClientResponse} context; its usage
 * is the model calls' tokens. Streamed, each chunk is text the outbound filter let go under the call's decision, and
 * the last carries the provenance. DENY raises {@link KeelDeniedException}, or returns the configured refusal
 * ({@link Builder#refusal}) as the assistant's text; no model is called either way.
 *
 * <p><b>Who asks.</b> The principal comes from the advisor parameter {@value #PRINCIPAL} when the call gives one
 * ({@code .advisors(a -> a.param(KeelAdvisor.PRINCIPAL, principal))}), else from the builder's supplier, asked on the
 * calling thread, or where the chain started when the ChatClient also has {@link #caller()} (for streams behind a
 * chat memory advisor); none means the call is denied. The audit subject likewise ({@value #SUBJECT}).
 *
 * <p>Tools are not governed: a prompt whose options carry tool callbacks or tool names is refused with a
 * {@link ConfigurationException}, before any model is called, and so is a chat model with tools of its own given as
 * a backend (it would run them inside one call and send their results to its provider unread); media in a message
 * likewise. A structured-output call's format instructions are
 * governed as a part of the user message. Thread-safe once built when the pipeline and the suppliers are.
 */
public interface KeelAdvisor extends CallAdvisor, StreamAdvisor {

    /** The advisor's order unless set: after every advisor at Spring AI's default orders, before its model call. */
    int DEFAULT_ORDER = Ordered.LOWEST_PRECEDENCE - 1000;

    /** The key of the provenance's wire map in the response's metadata and in the response context. */
    String PROVENANCE = "keel.provenance";

    /** The advisor parameter (request context key) of the call's principal, a {@link Principal}. */
    String PRINCIPAL = "keel.principal";

    /** The advisor parameter (request context key) of the call's audit subject, a string. */
    String SUBJECT = "keel.subject";

    /** The request context key under which Spring AI's retrieval advisor leaves the documents it added. */
    String DOCUMENT_CONTEXT = "rag_document_context";

    /** A document's metadata key of the data domains it touches: a string or a collection of strings. */
    String DOMAINS_METADATA = "keel.domains";

    /** A document's metadata key that marks it internal only: {@code true} or {@code "true"}. */
    String INTERNAL_ONLY_METADATA = "keel.internal_only";

    /**
     * The companion that reads this advisor's principal and subject suppliers where the {@code ChatClient}'s chain
     * starts, on the thread that calls ({@code call()}) or subscribes ({@code stream()}), and hands them to this advisor
     * as the {@value #PRINCIPAL} and {@value #SUBJECT} parameters (a parameter the call gives stays). Add it to the
     * same ChatClient when the suppliers read a thread-bound context (Spring Security's) and the chain may change
     * threads before this advisor: Spring AI's chat memory advisor moves a stream to its scheduler's thread, where
     * that context is not set. Once it ran, this advisor asks no supplier itself: nobody found where the chain
     * started is no principal, and the call is denied. A {@code CallAdvisor} and {@code StreamAdvisor}, ordered first
     * ({@code Ordered.HIGHEST_PRECEDENCE}); it changes nothing else of the request.
     */
    Advisor caller();

    /** An advisor whose every call is one call of {@code pipeline}. */
    static Builder builder(Pipeline pipeline) {
        return new Builder(pipeline);
    }

    /**
     * A pipeline over Spring AI chat models governed by {@code policy}, reasoning with one model call of the whole
     * conversation ({@link SingleCallReasoning#userMessage()}): the convenience for a host that has no pipeline of its
     * own.
     */
    static PipelineBuilder pipeline(PolicyDocument policy) {
        return new PipelineBuilder(policy);
    }

    /** Collects an advisor's pipeline, where each call's principal and subject come from, and its DENY answer. */
    final class Builder {
        private final Pipeline pipeline;
        private Supplier<@Nullable Principal> principal = () -> null;
        private Supplier<@Nullable String> subject = () -> null;
        private @Nullable String refusal;
        private int order = DEFAULT_ORDER;

        private Builder(Pipeline pipeline) {
            this.pipeline = Objects.requireNonNull(pipeline, "pipeline");
        }

        /**
         * Where the principal of a call comes from when the call does not give one as the {@value #PRINCIPAL}
         * parameter: the host's authenticated user, asked on the thread that calls the ChatClient. It may return
         * null when nobody is authenticated: the call is then denied. Unless set, only the parameter gives one.
         */
        public Builder principal(Supplier<@Nullable Principal> principal) {
            this.principal = Objects.requireNonNull(principal, "principal");
            return this;
        }

        /** Who the user is, as the audit record names them, unless the call gives {@value #SUBJECT}; null for none. */
        public Builder subject(Supplier<@Nullable String> subject) {
            this.subject = Objects.requireNonNull(subject, "subject");
            return this;
        }

        /**
         * Answer a denied call with {@code text} as the assistant's message (a chat memory stores it), instead of
         * raising {@link KeelDeniedException}. The text is the host's own, so it is not filtered: it must not quote
         * the request.
         */
        public Builder refusal(String text) {
            this.refusal = Objects.requireNonNull(text, "text");
            return this;
        }

        /**
         * The advisor's order; {@link #DEFAULT_ORDER} unless set. It must come after every advisor that changes the
         * prompt (memory, retrieval): what they add after Keel's advisor ran would not be governed.
         */
        public Builder order(int order) {
            this.order = order;
            return this;
        }

        public KeelAdvisor build() {
            return new PipelineAdvisor(pipeline, principal, subject, refusal, order);
        }
    }

    /** Collects the models of a pipeline for governed ChatClient calls; not thread-safe. */
    final class PipelineBuilder {
        private final PolicyDocument policy;
        private final Backends.Builder backends = Backends.builder();
        private @Nullable RoutingTable routing;
        private EvidenceProvider evidence = EvidenceProvider.none();
        private AuditSink auditSink = AuditSink.noop();
        private ObservationRegistry observations = ObservationRegistry.NOOP;
        private SessionStore sessionStore = new InMemorySessionStore();

        private PipelineBuilder(PolicyDocument policy) {
            this.policy = Objects.requireNonNull(policy, "policy");
        }

        /** A model that runs in the house, named {@code name}; the first one added answers what must stay inside. */
        public PipelineBuilder internal(String name, ChatModel model) {
            return internal(name, SpringAiBackends.backend(name, model));
        }

        /** As {@link #internal(String, ChatModel)}, for a Keel backend (a fallback chain, another provider's). */
        public PipelineBuilder internal(String name, LlmBackend backend) {
            backends.internal(name, backend);
            return this;
        }

        /** A model outside the house, named {@code name}: every prompt to it passes the egress filter first. */
        public PipelineBuilder external(String name, ChatModel model) {
            return external(name, SpringAiBackends.backend(name, model));
        }

        /** As {@link #external(String, ChatModel)}, for a Keel backend. */
        public PipelineBuilder external(String name, LlmBackend backend) {
            backends.external(name, backend);
            return this;
        }

        /**
         * Which model answers which request; unless set, the first external model answers everything (the first
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

        /** Where the audit record of every call goes; nowhere unless set. */
        public PipelineBuilder auditSink(AuditSink sink) {
            this.auditSink = Objects.requireNonNull(sink, "sink");
            return this;
        }

        /**
         * Where the governed call's observations go: give the ChatClient's registry, so that they join Spring AI's
         * own (the call's observation is a child of the advisor's); nowhere unless set.
         */
        public PipelineBuilder observationRegistry(ObservationRegistry registry) {
            this.observations = Objects.requireNonNull(registry, "registry");
            return this;
        }

        /**
         * Where the pipeline keeps what it knows of each conversation: the labels of what each call said (which the
         * history a chat memory replays as text gets back by content) and that a conversation had to stay in the
         * house; in memory unless set. Give the host's durable store (a JDBC one) when the chat memory outlives the
         * process or is shared by nodes: a memory that outlives the labels replays what they said as content Keel
         * never saw, which stays in the house.
         */
        public PipelineBuilder sessionStore(SessionStore store) {
            this.sessionStore = Objects.requireNonNull(store, "store");
            return this;
        }

        /**
         * The pipeline. A host that needs more of one (turn steps, enforcement) builds it with
         * {@code Pipeline.builder()} and {@link SpringAiBackends}.
         *
         * @throws ConfigurationException when there is no internal model, or the routing table names a model that is
         *         not given
         */
        public Pipeline build() {
            Backends models = backends.build();
            RoutingTable table = routing != null ? routing : models.defaultRouting();
            return Pipeline.builder().policy(policy).routing(table).backends(models).evidence(evidence)
                    .reasoning(SingleCallReasoning.userMessage()).auditSink(auditSink).sessionStore(sessionStore)
                    .observationRegistry(observations).build();
        }
    }
}
