package dev.keel.llm.adapters.internal;

import dev.keel.core.NonRetriableBackendException;
import dev.keel.core.spi.Embedder;
import dev.keel.core.spi.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.output.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * {@link Embedder} over a langchain4j {@link EmbeddingModel} (obtained lazily, so loading a large model waits
 * for the first text). Failures are {@link NonRetriableBackendException}s. Thread-safe when the model is.
 */
public final class LangChainEmbedder implements Embedder {

    private final String id;
    private final Supplier<EmbeddingModel> model;

    public LangChainEmbedder(String id, Supplier<EmbeddingModel> model) {
        this.id = Objects.requireNonNull(id, "id");
        this.model = Objects.requireNonNull(model, "model");
    }

    @Override
    public List<Embedding> embed(List<String> texts) {
        if (texts.isEmpty()) {
            return List.of();
        }
        List<TextSegment> segments = new ArrayList<>(texts.size());
        for (String text : texts) {
            segments.add(TextSegment.from(Objects.requireNonNull(text, "text")));
        }
        Response<List<dev.langchain4j.data.embedding.Embedding>> response;
        try {
            response = model.get().embedAll(segments);
        } catch (RuntimeException | ExceptionInInitializerError | NoClassDefFoundError e) {
            throw new NonRetriableBackendException(id, "embedding model '" + id + "' failed ("
                    + e.getClass().getSimpleName() + ")", e);
        }
        List<dev.langchain4j.data.embedding.Embedding> vectors = response.content();
        if (vectors == null || vectors.size() != texts.size()) {
            throw new NonRetriableBackendException(id, "embedding model '" + id + "' returned "
                    + (vectors == null ? "no" : vectors.size()) + " vectors for " + texts.size() + " texts", null);
        }
        List<Embedding> result = new ArrayList<>(vectors.size());
        for (dev.langchain4j.data.embedding.Embedding vector : vectors) {
            result.add(Embedding.of(vector.vector()));
        }
        return List.copyOf(result);
    }

    @Override
    public String toString() {
        return "Embedder{" + id + "}";
    }
}
