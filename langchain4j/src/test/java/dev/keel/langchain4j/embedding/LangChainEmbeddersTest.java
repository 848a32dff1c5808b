package dev.keel.langchain4j.embedding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.NonRetriableBackendException;
import dev.keel.core.spi.Embedder;
import dev.keel.core.spi.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.output.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Embedders over langchain4j models, with small models of the test's own. */
class LangChainEmbeddersTest {

    /** Letter counts of a-z: texts that share letters are close. Deterministic. */
    private static final class LetterModel implements EmbeddingModel {
        final AtomicInteger texts = new AtomicInteger();

        @Override
        public Response<List<dev.langchain4j.data.embedding.Embedding>> embedAll(List<TextSegment> segments) {
            texts.addAndGet(segments.size());
            List<dev.langchain4j.data.embedding.Embedding> out = new ArrayList<>();
            for (TextSegment segment : segments) {
                float[] v = new float[26];
                for (char c : segment.text().toLowerCase(java.util.Locale.ROOT).toCharArray()) {
                    if (c >= 'a' && c <= 'z') {
                        v[c - 'a']++;
                    }
                }
                out.add(dev.langchain4j.data.embedding.Embedding.from(v));
            }
            return Response.from(out);
        }

        @Override
        public int dimension() {
            return 26;
        }
    }

    @Test
    void aLangChainModelEmbedsByMeaningAndBlankTextsGetTheZeroVector() {
        Embedder letters = LangChainEmbedders.fromLangChain("letters", new LetterModel());

        List<Embedding> vectors = letters.embed(List.of("aab", "zzz zzz", "aaa bbb"));

        assertThat(vectors.get(0).cosineSimilarity(vectors.get(2)))
                .isGreaterThan(vectors.get(0).cosineSimilarity(vectors.get(1)) + 0.5);
        Embedding blank = letters.embed(List.of("  ", "x")).get(0);
        assertThat(blank.dimension()).isEqualTo(26);
        assertThat(blank.cosineSimilarity(letters.embed("abc"))).isZero();
        assertThat(letters.embed(List.of())).isEmpty();
    }

    @Test
    void aLazyModelIsObtainedOnTheFirstTextOnly() {
        AtomicInteger obtained = new AtomicInteger();
        LetterModel model = new LetterModel();
        Embedder lazy = LangChainEmbedders.fromLangChainLazily("lazy", () -> {
            obtained.incrementAndGet();
            return model;
        });

        assertThat(obtained).hasValue(0);
        assertThat(lazy.embed("abc").dimension()).isEqualTo(26);
        assertThat(obtained).hasValue(1);
    }

    @Test
    void aModelThatCannotBeObtainedIsANonRetriableBackendFailure() {
        Embedder missing = LangChainEmbedders.fromLangChainLazily("missing", () -> {
            throw new NoClassDefFoundError("ai/onnxruntime/OrtEnvironment");
        });

        assertThatThrownBy(() -> missing.embed("x"))
                .isInstanceOf(NonRetriableBackendException.class)
                .hasMessage("embedding model 'missing' failed (NoClassDefFoundError)");
    }

    @Test
    void aFailingModelIsANonRetriableBackendFailure() {
        Embedder broken = LangChainEmbedders.fromLangChain("broken", new EmbeddingModel() {
            @Override
            public Response<List<dev.langchain4j.data.embedding.Embedding>> embedAll(List<TextSegment> segments) {
                throw new IllegalStateException("onnx session closed");
            }
        });

        assertThatThrownBy(() -> broken.embed("x"))
                .isInstanceOf(NonRetriableBackendException.class)
                .hasMessage("embedding model 'broken' failed (IllegalStateException)");
    }
}
