/**
 * The governance plane of seed 000 §2: policy documents, the three-valued {@link dev.keel.policy.PolicyEvaluator},
 * principal trust ({@link dev.keel.policy.PrincipalResolver}), domain detection
 * ({@link dev.keel.policy.DomainDetector}), governance knowledge retrieval
 * ({@link dev.keel.policy.GovernanceKnowledge}, {@link dev.keel.policy.KnowledgeRanker}), the outbound filter of
 * §4.3 ({@link dev.keel.policy.OutboundFilter}) and the {@link dev.keel.policy.GovernancePlane} that puts them
 * together into the seed's governance bundle.
 *
 * <p>Everything here is pure (no I/O, no clock, no randomness; the semantic ranker calls the
 * {@link dev.keel.core.spi.Embedder} it is given) and thread-safe. Loading documents from files is in
 * {@code dev.keel.policy.loader}.
 */
package dev.keel.policy;
