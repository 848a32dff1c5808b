package dev.keel.langchain4j.embedding;

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
 * for the first text). A blank text has no meaning to embed: it gets the zero vector of the model's dimension,
 * whose similarity to anything is 0. Failures are {@link NonRetriableBackendException}s. Pure (deterministic) and thread-safe when the
 * model is.
 */
final class LangChainEmbedder implements Embedder {

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
            if (!Objects.requireNonNull(text, "text").isBlank()) {
                segments.add(TextSegment.from(text));
            }
        }
        try {
            EmbeddingModel embeddingModel = model.get();
            List<dev.langchain4j.data.embedding.Embedding> vectors = segments.isEmpty() ? List.of() : vectorsOf(embeddingModel, segments);
            Embedding blank = segments.size() == texts.size() ? null : Embedding.of(new float[embeddingModel.dimension()]);
            List<Embedding> result = new ArrayList<>(texts.size());
            int next = 0;
            for (String text : texts) {
                result.add(text.isBlank() ? blank : Embedding.of(vectors.get(next++).vector()));
            }
            return List.copyOf(result);
        } catch (NonRetriableBackendException e) {
            throw e;
        } catch (RuntimeException | ExceptionInInitializerError | NoClassDefFoundError e) {
            throw new NonRetriableBackendException(id, "embedding model '" + id + "' failed ("
                    + e.getClass().getSimpleName() + ")", e);
        }
    }

    private List<dev.langchain4j.data.embedding.Embedding> vectorsOf(EmbeddingModel embeddingModel, List<TextSegment> segments) {
        Response<List<dev.langchain4j.data.embedding.Embedding>> response = embeddingModel.embedAll(segments);
        List<dev.langchain4j.data.embedding.Embedding> vectors = response == null ? null : response.content();
        if (vectors == null || vectors.size() != segments.size()) {
            throw new NonRetriableBackendException(id, "embedding model '" + id + "' returned "
                    + (vectors == null ? "no" : vectors.size()) + " vectors for " + segments.size() + " texts", null);
        }
        return vectors;
    }

    @Override
    public String toString() {
        return "Embedder{" + id + "}";
    }
}
