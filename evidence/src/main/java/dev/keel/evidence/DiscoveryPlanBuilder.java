package dev.keel.evidence;

/**
 * Builds discovery plans exactly as the protocol's {@code buildAssistantMcpDiscoveryPlan} does: the same plan status,
 * the same reason codes in the same order, the same budget clamping and the same text normalisation (JavaScript
 * {@code trim}, empty texts dropped, duplicates dropped keeping the first).
 *
 * <p>The status is {@code blocked} when primitives were proposed and none is registered;
 * {@code needs_clarification} when the data need, the turn meaning or a grounding axis (a required axis, or a
 * domain, action, organisation, date or entity in the turn meaning) is missing, or nothing was proposed;
 * {@code allowed} otherwise.
 *
 * <p>Implementations are pure and thread-safe; {@link #build} never throws.
 */
public interface DiscoveryPlanBuilder {

    /** The reference behaviour, with the reference registry ({@link PrimitiveRegistry#defaults()}). */
    static DiscoveryPlanBuilder create() {
        return DefaultDiscoveryPlanBuilder.DEFAULT;
    }

    /** The reference behaviour over the host's own primitives. */
    static DiscoveryPlanBuilder create(PrimitiveRegistry registry) {
        return new DefaultDiscoveryPlanBuilder(registry);
    }

    DiscoveryPlan build(DiscoveryPlanInput input);
}
