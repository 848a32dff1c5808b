package dev.keel.evidence;

/**
 * Decides what an answer built on discovery may claim, exactly as the protocol's
 * {@code resolveAssistantMcpDiscoveryEvidence} does ({@code docs/evidence.md}).
 *
 * <ul>
 *   <li>{@code blocked} / {@code checked_sources_only} when a probe ran a primitive outside the plan's allowed
 *       primitives, or the plan is not {@code allowed};</li>
 *   <li>otherwise {@code confirmed} / {@code confirmed_answer} when there are confirmed facts, matched rows and a
 *       source rows summary;</li>
 *   <li>otherwise {@code inferred_only} / {@code bounded_inference} when there are inferred facts and received
 *       rows;</li>
 *   <li>otherwise {@code insufficient} / {@code checked_sources_only}.</li>
 * </ul>
 *
 * <p>Implementations are pure and thread-safe; {@link #resolve} never throws.
 */
public interface EvidenceGate {

    /** The reference behaviour. */
    static EvidenceGate create() {
        return DefaultEvidenceGate.INSTANCE;
    }

    DiscoveryEvidence resolve(EvidenceGateInput input);
}
