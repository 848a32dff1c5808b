/**
 * Keel's evidence plane, part one: the port of seed 004. {@link dev.keel.evidence.DiscoveryPlanBuilder} turns what
 * a model proposes into a {@link dev.keel.evidence.DiscoveryPlan} the runtime allows, and
 * {@link dev.keel.evidence.EvidenceGate} grades what the probes found into a
 * {@link dev.keel.evidence.DiscoveryEvidence}: confirmed answer, bounded inference, or checked sources only.
 *
 * <p>Both give exactly the TypeScript reference's result for the same input, JSON in and out with the seed's field
 * names ({@code toWire()}, {@code fromWire(...)}). Everything here is pure and thread-safe; value types are
 * immutable, their builders are not thread-safe.
 */
package dev.keel.evidence;
