/**
 * The governance plane ({@code docs/policy.md}): policy documents, the three-valued {@link dev.keel.policy.PolicyEvaluator},
 * principal trust ({@link dev.keel.policy.PrincipalResolver}), domain detection
 * ({@link dev.keel.policy.DomainDetector}), governance knowledge retrieval
 * ({@link dev.keel.policy.GovernanceKnowledge}, {@link dev.keel.policy.KnowledgeRanker}), the outbound filter
 * ({@link dev.keel.policy.OutboundFilter}; {@link dev.keel.policy.StreamingFilter} for an answer that arrives in
 * chunks) and the {@link dev.keel.policy.GovernancePlane} that puts them
 * together into one governance bundle per request.
 *
 * <p>Everything here is pure (no I/O, no clock, no randomness; the semantic ranker calls the
 * {@link dev.keel.core.spi.Embedder} it is given) and thread-safe, but for a {@link dev.keel.policy.StreamingFilter}, which
 * is one stream's and one thread's at a time. Loading documents from files is in
 * {@code dev.keel.policy.loader}.
 */
package dev.keel.policy;
