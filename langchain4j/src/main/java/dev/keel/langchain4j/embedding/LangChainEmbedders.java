package dev.keel.langchain4j.embedding;

import dev.keel.core.spi.Embedder;
import dev.langchain4j.model.embedding.EmbeddingModel;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * {@link Embedder}s over langchain4j embedding models; a bounded cache for any embedder is
 * {@link dev.keel.models.embedding.Embedders#caching}. The in-process all-MiniLM-L6-v2 embedder lives in
 * {@code keel-embeddings-minilm} (its model and runtime weigh about 186 MB). Pure and thread-safe (no state of its
 * own); the embedders it builds are as deterministic and thread-safe as the models they wrap.
 */
public final class LangChainEmbedders {

    private LangChainEmbedders() {
    }

    /** Any langchain4j embedding model, as an {@link Embedder} named {@code id}. */
    public static Embedder fromLangChain(String id, EmbeddingModel model) {
        Objects.requireNonNull(model, "model");
        return new LangChainEmbedder(id, () -> model);
    }

    /**
     * As {@link #fromLangChain(String, EmbeddingModel)} with a model obtained from {@code model} when the first
     * text is embedded, so that loading a large model waits until it is needed. A failure to obtain it (an
     * exception or a linkage error) is a {@link dev.keel.core.NonRetriableBackendException} of that call.
     */
    public static Embedder fromLangChainLazily(String id, Supplier<? extends EmbeddingModel> model) {
        Objects.requireNonNull(model, "model");
        return new LangChainEmbedder(id, model::get);
    }
}
