/**
 * Discovery: {@link dev.keel.evidence.DiscoveryPlanBuilder} turns the tools a model proposes into a
 * {@link dev.keel.evidence.DiscoveryPlan} the runtime allows (only primitives of the
 * {@link dev.keel.evidence.PrimitiveRegistry} in use survive), and {@link dev.keel.evidence.EvidenceGate} grades
 * what the probes found into a {@link dev.keel.evidence.DiscoveryEvidence}: confirmed answer, bounded inference,
 * or checked sources only (the rules are in {@code docs/evidence.md}).
 *
 * <p>Both give exactly the TypeScript reference implementation's result for the same input, JSON in and out with
 * its field names ({@code toWire()}, {@code fromWire(...)}). Everything here is pure and thread-safe; value types
 * are immutable, their builders are not thread-safe.
 */
package dev.keel.evidence;
