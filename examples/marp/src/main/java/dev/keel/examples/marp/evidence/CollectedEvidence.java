package dev.keel.examples.marp.evidence;

import dev.keel.core.EvidenceSources;
import dev.keel.core.InvalidInputException;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The evidence one request uses: the routing decision, the regulated knowledge, and the governed data when the
 * route uses it. Immutable and thread-safe.
 */
public record CollectedEvidence(EvidenceRoutingDecision routing, RegulatedKnowledge regulated, Optional<GovernedData> governed) {

    public CollectedEvidence {
        Objects.requireNonNull(routing, "routing");
        Objects.requireNonNull(regulated, "regulated");
        Objects.requireNonNull(governed, "governed");
        if (governed.isPresent() != routing.route().usesGovernedData()) {
            throw new InvalidInputException("governed data must be present exactly when the route uses it: " + routing);
        }
    }

    /**
     * The provenance stub's {@code evidence_sources}: the policy sources given ({@code policy}), and the evidence
     * sources read ({@code regulated_knowledge}, {@code governed_data}).
     */
    public EvidenceSources sources(List<String> policySources) {
        return EvidenceSources.builder().add("policy", policySources)
                .add("regulated_knowledge", List.of(regulated.source()))
                .add("governed_data", governed.map(data -> List.of(data.source())).orElse(List.of())).build();
    }
}
