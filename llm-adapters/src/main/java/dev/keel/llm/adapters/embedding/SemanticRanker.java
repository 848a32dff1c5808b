package dev.keel.llm.adapters.embedding;

import dev.keel.core.spi.Embedder;
import dev.keel.core.spi.Embedding;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * Ranks passages by cosine similarity of their embeddings to a query's: the semantic ranking offered to
 * knowledge retrieval beside a lexical one. Ties keep the passages' order, so the ranking is deterministic when
 * the embedder is. Immutable; pure and thread-safe when the embedder is.
 */
public final class SemanticRanker {

    /** A passage's place in the input and its similarity to the query, in [-1, 1]. */
    public record Ranked(int index, String text, double score) {
    }

    private final Embedder embedder;

    private SemanticRanker(Embedder embedder) {
        this.embedder = embedder;
    }

    public static SemanticRanker create(Embedder embedder) {
        return new SemanticRanker(Objects.requireNonNull(embedder, "embedder"));
    }

    /** Every passage, most similar to {@code query} first. */
    public List<Ranked> rank(String query, List<String> passages) {
        if (passages.isEmpty()) {
            return List.of();
        }
        List<String> texts = new ArrayList<>(passages.size() + 1);
        texts.add(Objects.requireNonNull(query, "query"));
        texts.addAll(passages);
        List<Embedding> vectors = embedder.embed(texts);
        Embedding queryVector = vectors.get(0);
        List<Ranked> ranked = new ArrayList<>(passages.size());
        for (int i = 0; i < passages.size(); i++) {
            ranked.add(new Ranked(i, passages.get(i), queryVector.cosineSimilarity(vectors.get(i + 1))));
        }
        ranked.sort(Comparator.comparingDouble(Ranked::score).reversed().thenComparingInt(Ranked::index));
        return List.copyOf(ranked);
    }
}
