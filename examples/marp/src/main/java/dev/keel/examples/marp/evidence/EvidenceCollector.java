package dev.keel.examples.marp.evidence;

import java.util.Objects;
import java.util.Optional;

/**
 * Reads the evidence a routing decision calls for, and nothing else: governed data is read only for
 * {@link EvidenceRoute#REGULATED_AND_GOVERNED}. Immutable and thread-safe when its sources are.
 */
public final class EvidenceCollector {

    private final RegulatedKnowledgeSource regulated;
    private final GovernedDataSource governed;

    private EvidenceCollector(RegulatedKnowledgeSource regulated, GovernedDataSource governed) {
        this.regulated = Objects.requireNonNull(regulated, "regulated");
        this.governed = Objects.requireNonNull(governed, "governed");
    }

    public static EvidenceCollector create(RegulatedKnowledgeSource regulated, GovernedDataSource governed) {
        return new EvidenceCollector(regulated, governed);
    }

    /** @throws dev.keel.core.KeelException whatever a source throws when it cannot deliver complete evidence */
    public CollectedEvidence collect(EvidenceRoutingDecision routing) {
        RegulatedKnowledge knowledge = regulated.read();
        Optional<GovernedData> data = routing.route().usesGovernedData() ? Optional.of(governed.read()) : Optional.empty();
        return new CollectedEvidence(routing, knowledge, data);
    }
}
