package dev.keel.evidence.source;

import dev.keel.core.Provenance;
import dev.keel.core.json.JsonCodec;
import java.util.List;

/**
 * The provenance stub of seed 000 §5. Evidence contributes {@code evidence_sources}, {@code evidence_routing} and
 * {@code confidence} to a core {@link Provenance.Builder} that the caller fills with the governance and routing facts;
 * {@link #render(Provenance)} gives the fenced {@code provenance_stub} block appended to an answer.
 *
 * <p>Pure; thread-safe.
 */
public final class ProvenanceStub {

    /** The fence label the seed uses. */
    public static final String FENCE_LABEL = "provenance_stub";

    private ProvenanceStub() {
    }

    /**
     * Sets what evidence knows on {@code provenance}: the sources read (with {@code policySources}, the policy and
     * governance files the governance step used), the routing decision's reason, and the confidence.
     */
    public static Provenance.Builder withEvidence(Provenance.Builder provenance, List<String> policySources,
            CollectedEvidence evidence, ConfidenceAssessment assessment) {
        return provenance.evidenceSources(evidence.sources(policySources))
                .evidenceRouting(evidence.routing().reason())
                .confidence(assessment.confidence());
    }

    /** The stub as a fenced block: three backticks and {@code provenance_stub}, the indented JSON, three backticks. */
    public static String render(Provenance provenance) {
        return "```" + FENCE_LABEL + "\n" + JsonCodec.strict().writePretty(provenance.toWire()) + "\n```\n";
    }
}
