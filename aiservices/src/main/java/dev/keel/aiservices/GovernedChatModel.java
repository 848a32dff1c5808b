package dev.keel.aiservices;

import dev.keel.aiservices.internal.PipelineChatModel;
import dev.keel.core.ConfigurationException;
import dev.keel.core.Principal;
import dev.keel.core.spi.AuditSink;
import dev.keel.core.spi.LlmBackend;
import dev.keel.llm.adapters.ChatModelBackend;
import dev.keel.pipeline.Backends;
import dev.keel.pipeline.EvidenceProvider;
import dev.keel.policy.PolicyDocument;
import dev.keel.routing.PoolEntry;
import dev.keel.routing.RoutingTable;
import dev.langchain4j.model.chat.ChatModel;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * A langchain4j {@link ChatModel} that is a governed call: every chat it is asked for runs through a Keel
 * {@code Pipeline}, and the host's real models are that pipeline's backends, reached nowhere else. Give it to
 * AI Services as their chat model:
 *
 * <pre>{@code
 * ChatModel governed = GovernedChatModel.builder(PolicyFiles.readPolicy(Path.of("ward_policy.json")))
 *         .internal("ward", wardModel)                  // runs in the house
 *         .external("cloud", cloudModel)                // every prompt to it is egress-filtered
 *         .principal(currentUser::principal)            // the principal the host authenticated
 *         .auditSink(auditSink)
 *         .build();
 * Assistant assistant = AiServices.builder(Assistant.class).chatModel(governed)
 *         .chatMemory(MessageWindowChatMemory.withMaxMessages(20)).build();
 * }</pre>
 *
 * <p>Each chat is one governed call for the principal the supplier gives (null: nobody was authenticated, so the
 * request is denied). Governance reads the last user message; DENY raises {@link KeelDeniedException} and no model
 * is called; the conversation (system messages, the chat memory's turns, the user message) goes to the backend
 * routing chose, through the pipeline's egress filter when that backend is external, with the policy's
 * {@code partial_instruction} under PARTIAL; the reply is filtered once and is the only text langchain4j ever
 * receives, so the caller, the chat memory and langchain4j's logs hold filtered text only. A typed return is asked
 * for with its JSON schema and kept in shape, or refused with {@link KeelDeniedException} when the decision
 * withholds what its type needs. Every chat writes one audit record, denials included. See
 * {@code docs/llm-adapters.md}.
 *
 * <p>Tools, images and streaming are not governed: a request with tool specifications or non-text content is a
 * {@link ConfigurationException}. Thread-safe once built when the backends and the principal supplier are.
 */
public interface GovernedChatModel extends ChatModel {

    /** A builder governing chats under {@code policy}. */
    static Builder builder(PolicyDocument policy) {
        return new Builder(policy);
    }

    /** Collects a governed chat model's backends, principal source and options; not thread-safe. */
    final class Builder {
        private final PolicyDocument policy;
        private final Map<String, LlmBackend> internal = new LinkedHashMap<>();
        private final Map<String, LlmBackend> external = new LinkedHashMap<>();
        private @Nullable Supplier<Principal> principal;
        private @Nullable RoutingTable routing;
        private EvidenceProvider evidence = EvidenceProvider.none();
        private AuditSink auditSink = AuditSink.noop();

        private Builder(PolicyDocument policy) {
            this.policy = Objects.requireNonNull(policy, "policy");
        }

        /** A model that runs in the house, named {@code name}; the first one added answers when nothing may leave. */
        public Builder internal(String name, ChatModel model) {
            return internal(name, ChatModelBackend.builder(name, model).build());
        }

        /** As {@link #internal(String, ChatModel)}, for a Keel backend (a provider factory's, a fallback chain). */
        public Builder internal(String name, LlmBackend backend) {
            internal.put(requireNew(name), Objects.requireNonNull(backend, "backend"));
            return this;
        }

        /** A model outside the house, named {@code name}: every prompt to it passes the egress filter first. */
        public Builder external(String name, ChatModel model) {
            return external(name, ChatModelBackend.builder(name, model).build());
        }

        /** As {@link #external(String, ChatModel)}, for a Keel backend (a provider factory's, a fallback chain). */
        public Builder external(String name, LlmBackend backend) {
            external.put(requireNew(name), Objects.requireNonNull(backend, "backend"));
            return this;
        }

        /**
         * Where the principal of each chat comes from (required): the host's authenticated user, asked on the
         * thread that calls the AI Service, at every chat. It may return null when nobody is authenticated.
         */
        public Builder principal(Supplier<Principal> principal) {
            this.principal = Objects.requireNonNull(principal, "principal");
            return this;
        }

        /**
         * Which backend answers which request; unless set, the first external model answers everything (the first
         * internal one when there is none), and the first internal model answers what must stay in the house.
         */
        public Builder routing(RoutingTable table) {
            this.routing = Objects.requireNonNull(table, "table");
            return this;
        }

        /** The evidence each answer may use, each item labelled with its domain; none unless set. */
        public Builder evidence(EvidenceProvider provider) {
            this.evidence = Objects.requireNonNull(provider, "provider");
            return this;
        }

        /** Where the audit record of every chat goes; nowhere unless set. */
        public Builder auditSink(AuditSink sink) {
            this.auditSink = Objects.requireNonNull(sink, "sink");
            return this;
        }

        private String requireNew(String name) {
            Objects.requireNonNull(name, "name");
            if (internal.containsKey(name) || external.containsKey(name)) {
                throw new ConfigurationException("model '" + name + "' is given twice");
            }
            return name;
        }

        /**
         * @throws ConfigurationException when there is no internal model, no principal source, or the routing
         *         table names a model that is not given
         */
        public GovernedChatModel build() {
            if (principal == null) {
                throw new ConfigurationException("a governed chat model needs a principal source: principal(...)");
            }
            if (internal.isEmpty()) {
                throw new ConfigurationException("a governed chat model needs an internal model, to answer what must"
                        + " stay in the house");
            }
            Backends.Builder backends = Backends.builder();
            internal.forEach(backends::internal);
            external.forEach(backends::external);
            String fallback = internal.keySet().iterator().next();
            String target = external.isEmpty() ? fallback : external.keySet().iterator().next();
            RoutingTable table = routing != null ? routing : RoutingTable.builder()
                    .pool(1, new PoolEntry(target, "default", target))
                    .internalBackendTarget(fallback).build();
            return new PipelineChatModel(policy, backends.build(), table, evidence, auditSink, principal);
        }
    }
}
