package dev.keel.models.embedding;

import dev.keel.core.spi.Embedder;

/**
 * What can be put around any {@link Embedder}, whatever computes its vectors: a bounded cache. Embedders over
 * langchain4j models are in {@code keel-langchain4j} ({@code LangChainEmbedders}), the in-process all-MiniLM-L6-v2
 * embedder in {@code keel-embeddings-minilm}. Pure and thread-safe (no state of its own).
 */
public final class Embedders {

    private Embedders() {
    }

    /**
     * {@code delegate} with a least-recently-used cache of {@code maxEntries} texts: a text is embedded once
     * while it stays in the cache. Deterministic and thread-safe when {@code delegate} is.
     *
     * @throws dev.keel.core.ConfigurationException when {@code maxEntries < 1}
     */
    public static Embedder caching(Embedder delegate, int maxEntries) {
        return new CachingEmbedder(delegate, maxEntries);
    }
}
