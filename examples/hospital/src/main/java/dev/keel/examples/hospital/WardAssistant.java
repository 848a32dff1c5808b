package dev.keel.examples.hospital;

import dev.keel.core.NonRetriableBackendException;
import dev.keel.core.Principal;
import dev.keel.core.Provenance;
import dev.keel.core.spi.AuditSink;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.IdSource;
import dev.keel.core.spi.LlmBackend;
import dev.keel.pipeline.BackendCall;
import dev.keel.pipeline.Backends;
import dev.keel.pipeline.GovernedAnswer;
import dev.keel.pipeline.GovernedRequest;
import dev.keel.pipeline.Pipeline;
import dev.keel.pipeline.Turn;
import dev.keel.policy.GovernanceKnowledge;
import dev.keel.policy.KnowledgeRanker;
import dev.keel.policy.PolicyDocument;
import dev.keel.routing.RoutingTable;
import java.time.Clock;
import java.util.List;
import java.util.Objects;

/**
 * The Larch Ward assistant: a hospital ward's questions about patients, beds, staffing and the ward, answered through
 * the governed call ({@link Pipeline}) from Keel's public parts and this example's own files. Its policy gives
 * physicians the whole ward, nurses patients in general terms only, guests the ward but never a patient; patient
 * matters stay in the hospital, and no answer shows a record number. Its routing table sends requests to the ward's
 * own model ({@value #WARD_MODEL}, inside) or a general model outside ({@value #GENERAL_MODEL}); its tools read the
 * ward's records and label what they return with its domain. Described in {@code docs/hospital-example.md}.
 *
 * <p>Without models, the ward's writer ({@link WardWriter}) answers by restating the records, and the provenance
 * says so ({@code backend_used} {@value WardWriter#ID}, the extension {@code language_model} false). Thread-safe
 * once built.
 */
public final class WardAssistant {

    /** The backend target of the ward's own model, inside the hospital. */
    public static final String WARD_MODEL = "ward_model";
    /** The backend target of the general model, outside the hospital. */
    public static final String GENERAL_MODEL = "general_model";

    private final Pipeline pipeline;

    private WardAssistant(Builder b) {
        PolicyDocument policy = Objects.requireNonNull(b.policy, "policy");
        WardRecords records = Objects.requireNonNull(b.records, "records");
        this.pipeline = Pipeline.builder()
                .policy(policy)
                .policySources(WardData.POLICY, WardData.GOVERNANCE_KNOWLEDGE)
                .domainDetector(new PatientReferences(policy, records))
                .knowledgeRanker(KnowledgeRanker.bm25(Objects.requireNonNull(b.knowledge, "knowledge")))
                .routing(b.routingTable)
                .backends(Backends.builder().internal(WARD_MODEL, b.wardModel).external(GENERAL_MODEL, b.generalModel)
                        .build())
                .evidence(new WardEvidence(records))
                .reasoning(new WardReasoning())
                .composer(WardAssistant::compose)
                .auditSink(b.auditSink)
                .clock(b.clock)
                .idSource(b.idSource)
                .build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * Answers {@code question} for {@code principal}, the person the host authenticated (null: nobody, and the
     * answer is a denial).
     */
    public GovernedAnswer ask(Principal principal, String question) {
        return ask(GovernedRequest.of(principal, question));
    }

    /** Answers {@code request}, governed. */
    public GovernedAnswer ask(GovernedRequest request) {
        return pipeline.call(request);
    }

    /** The draft, and the files it rests on; whether a language model wrote it goes into the provenance. */
    private static String compose(Turn turn, String draft, Provenance provenance) {
        List<BackendCall> calls = turn.backends().calls();
        turn.extension("language_model", !calls.isEmpty()
                && !calls.get(calls.size() - 1).used().equals(WardWriter.ID));
        List<String> sources = turn.evidence().sources().all();
        return sources.isEmpty() ? draft : draft.strip() + "\n\nSources: " + String.join(", ", sources) + ".";
    }

    /** The general model when the host configured none: every call fails, and the ward's model answers instead. */
    private static final class NoGeneralModel implements LlmBackend {

        @Override
        public ChatReply chat(ChatRequest request) {
            throw new NonRetriableBackendException(GENERAL_MODEL, "no general model is configured", null);
        }

        @Override
        public String id() {
            return GENERAL_MODEL;
        }
    }

    /** Configures a {@link WardAssistant}; not thread-safe. */
    public static final class Builder {
        private PolicyDocument policy = WardData.policy();
        private GovernanceKnowledge knowledge = WardData.governanceKnowledge();
        private RoutingTable routingTable = WardData.routingTable();
        private WardRecords records = WardData.records();
        private LlmBackend wardModel = WardWriter.create();
        private LlmBackend generalModel = new NoGeneralModel();
        private AuditSink auditSink = AuditSink.noop();
        private Clock clock = Clock.systemUTC();
        private IdSource idSource = IdSource.randomUuid();

        private Builder() {
        }

        /** The policy; the shipped {@value WardData#POLICY} unless set. */
        public Builder policy(PolicyDocument policy) {
            this.policy = Objects.requireNonNull(policy, "policy");
            return this;
        }

        /** The governance knowledge that explains decisions; the shipped one unless set. */
        public Builder knowledge(GovernanceKnowledge knowledge) {
            this.knowledge = Objects.requireNonNull(knowledge, "knowledge");
            return this;
        }

        /** The routing table; the shipped {@value WardData#ROUTING_TABLE} unless set. */
        public Builder routingTable(RoutingTable table) {
            this.routingTable = Objects.requireNonNull(table, "table");
            return this;
        }

        /** The ward's records; the shipped files unless set. */
        public Builder records(WardRecords records) {
            this.records = Objects.requireNonNull(records, "records");
            return this;
        }

        /** The ward's own model, inside the hospital; the {@link WardWriter} unless set. */
        public Builder wardModel(LlmBackend backend) {
            this.wardModel = Objects.requireNonNull(backend, "backend");
            return this;
        }

        /** The general model outside the hospital; none unless set (the ward's model then answers). */
        public Builder generalModel(LlmBackend backend) {
            this.generalModel = Objects.requireNonNull(backend, "backend");
            return this;
        }

        /** Where every call's audit record goes; nowhere unless set. */
        public Builder auditSink(AuditSink sink) {
            this.auditSink = Objects.requireNonNull(sink, "sink");
            return this;
        }

        /** When audit records are written; the system clock unless set. */
        public Builder clock(Clock clock) {
            this.clock = Objects.requireNonNull(clock, "clock");
            return this;
        }

        /** Where request ids come from; random UUIDs unless set. */
        public Builder idSource(IdSource ids) {
            this.idSource = Objects.requireNonNull(ids, "ids");
            return this;
        }

        public WardAssistant build() {
            return new WardAssistant(this);
        }
    }
}
