/**
 * The governance decisions ({@code docs/policy.md}): policy documents, the three-valued
 * {@link dev.keel.policy.PolicyEvaluator}, principal trust ({@link dev.keel.policy.PrincipalResolver}), domain
 * detection ({@link dev.keel.policy.DomainDetector}) and markings, sensitivity, governance knowledge retrieval
 * ({@link dev.keel.policy.GovernanceKnowledge}, {@link dev.keel.policy.KnowledgeRanker}), the
 * {@link dev.keel.policy.GovernancePlane} that puts them together into one governance bundle per request, and the
 * tool gate ({@link dev.keel.policy.ToolGate}). What a {@code PARTIAL} answer withholds is decided here
 * ({@link dev.keel.policy.PartialKinds}); reading it in a text is {@code keel-reading}'s, whose outbound filter is
 * the tool gate's {@link dev.keel.policy.EgressFilter}.
 *
 * <p>Everything here is pure (no I/O, no clock, no randomness; the semantic ranker calls the
 * {@link dev.keel.core.spi.Embedder} it is given) and thread-safe. Loading documents from files is in
 * {@code dev.keel.policy.loader}.
 */
package dev.keel.policy;
