package dev.keel.policy;

import dev.keel.core.NonRetriableBackendException;
import dev.keel.core.spi.Embedder;
import dev.keel.core.spi.Embedding;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Ranks passages by cosine similarity of embeddings from any {@link Embedder}; see
 * {@link KnowledgeRanker#semantic}. Passage embeddings are computed once, at construction. Immutable and
 * thread-safe when the embedder is.
 */
final class EmbeddingRanker implements KnowledgeRanker {

    private static final String BACKEND_ID = "embedder";

    private final Embedder embedder;
    private final List<KnowledgePassage> passages;
    private final List<Embedding> embeddings;

    public EmbeddingRanker(GovernanceKnowledge knowledge, Embedder embedder) {
        this.embedder = Objects.requireNonNull(embedder, "embedder");
        this.passages = knowledge.passages();
        List<String> texts = new ArrayList<>(passages.size());
        for (KnowledgePassage passage : passages) {
            texts.add(passage.section().isEmpty() ? passage.text() : passage.section() + "\n" + passage.text());
        }
        this.embeddings = passages.isEmpty() ? List.of() : checked(embedder.embed(texts), texts.size());
    }

    private static List<Embedding> checked(List<Embedding> embeddings, int expected) {
        if (embeddings == null || embeddings.size() != expected) {
            throw new NonRetriableBackendException(BACKEND_ID, "the embedder returned "
                    + (embeddings == null ? "nothing" : embeddings.size() + " vectors") + " for " + expected
                    + " passages", null);
        }
        int dimension = embeddings.get(0).dimension();
        for (Embedding embedding : embeddings) {
            if (embedding.dimension() != dimension) {
                throw new NonRetriableBackendException(BACKEND_ID, "the embedder returned vectors of dimensions "
                        + dimension + " and " + embedding.dimension(), null);
            }
        }
        return List.copyOf(embeddings);
    }

    @Override
    public List<RankedPassage> rank(String query, int limit) {
        Ranking.checkLimit(limit);
        if (passages.isEmpty() || limit == 0) {
            return List.of();
        }
        Embedding queryEmbedding = checked(embedder.embed(List.of(query)), 1).get(0);
        if (queryEmbedding.dimension() != embeddings.get(0).dimension()) {
            throw new NonRetriableBackendException(BACKEND_ID, "the query vector has dimension "
                    + queryEmbedding.dimension() + ", the passages " + embeddings.get(0).dimension(), null);
        }
        List<RankedPassage> ranked = new ArrayList<>(passages.size());
        for (int i = 0; i < passages.size(); i++) {
            ranked.add(new RankedPassage(passages.get(i), queryEmbedding.cosineSimilarity(embeddings.get(i))));
        }
        return Ranking.top(ranked, limit);
    }
}
