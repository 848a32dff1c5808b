package dev.keel.pipeline;

import dev.keel.core.evidence.EvidenceSet;

/**
 * Collects the evidence an answer may use, each item labelled with its data domain. The pipeline then checks the
 * decision against those domains: when the evidence holds a domain the principal may not see in full, the
 * decision goes down to what the policy gives for it, and the lower decision wins.
 *
 * <p>Implementations must be thread-safe. They may read stores (the host's I/O); they must read only what the turn
 * needs.
 */
@FunctionalInterface
public interface EvidenceProvider {

    /** No evidence. */
    static EvidenceProvider none() {
        return turn -> EvidenceSet.empty();
    }

    /** The evidence for this turn (routing has run: {@link Turn#route()} is set). */
    EvidenceSet collect(Turn turn);
}
