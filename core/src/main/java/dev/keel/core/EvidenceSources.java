package dev.keel.core;

import java.util.List;

/**
 * The provenance stub's {@code evidence_sources}: which files (or other named sources) each kind of
 * evidence came from. An empty list means that kind was not consulted. Immutable and thread-safe.
 *
 * @param policy             policy documents and governance knowledge
 * @param regulatedKnowledge regulated (structural) knowledge
 * @param governedData       governed data views
 */
public record EvidenceSources(List<String> policy, List<String> regulatedKnowledge, List<String> governedData) {

    public EvidenceSources {
        policy = List.copyOf(policy);
        regulatedKnowledge = List.copyOf(regulatedKnowledge);
        governedData = List.copyOf(governedData);
    }
}
