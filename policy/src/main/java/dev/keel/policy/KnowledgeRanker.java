package dev.keel.policy;

import dev.keel.core.spi.Embedder;
import java.util.Collection;
import java.util.List;

/**
 * Ranks the passages of one {@link GovernanceKnowledge} by relevance to a query. Results are ordered by score,
 * highest first, ties broken by passage index (document order), so the same query always gives the same list.
 *
 * <p>Two rankers are offered: {@link #bm25 lexical} (no dependencies, exact words) and {@link #semantic}
 * (meaning, through any {@link Embedder}). Implementations are thread-safe; the lexical one is pure, the
 * semantic one is as deterministic as its embedder.
 */
public interface KnowledgeRanker {

    /**
     * Okapi BM25 ({@code k1 = 1.2}, {@code b = 0.75}) over the words of each passage and its section headings.
     * Words are lower-cased runs of letters and digits, a short list of English stop words is dropped, and a
     * plural {@code s} is removed ({@code calendars} matches {@code calendar}). Only passages sharing at least
     * one word with the query are returned.
     */
    static KnowledgeRanker bm25(GovernanceKnowledge knowledge) {
        return new Bm25Ranker(knowledge);
    }

    /**
     * Cosine similarity between the embedding of the query and of each passage (section headings and text).
     * The passages are embedded once, here, in one call; each {@link #rank} embeds the query. Every passage is
     * a candidate, however low its similarity.
     *
     * @throws dev.keel.core.BackendException when the embedder fails or returns the wrong number of vectors
     */
    static KnowledgeRanker semantic(GovernanceKnowledge knowledge, Embedder embedder) {
        return new EmbeddingRanker(knowledge, embedder);
    }

    /**
     * The at most {@code limit} most relevant passages to {@code query}, best first.
     *
     * @throws dev.keel.core.InvalidInputException when {@code limit} is negative
     */
    List<RankedPassage> rank(String query, int limit);

    /**
     * The passages that best explain {@code decision} for the requested {@code domains}: the
     * query is the decision, its reason codes and the domains, as words (see {@code docs/policy.md}).
     */
    default List<RankedPassage> rationale(PolicyDecision decision, Collection<String> domains, int limit) {
        return rank(RationaleQuery.of(decision.decision(), decision.reasonCodes().values(), domains), limit);
    }
}
