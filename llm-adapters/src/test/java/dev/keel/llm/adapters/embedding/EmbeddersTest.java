package dev.keel.llm.adapters.embedding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.NonRetriableBackendException;
import dev.keel.core.spi.Embedder;
import dev.keel.core.spi.EmbedderProvider;
import dev.keel.core.spi.Embedding;
import dev.keel.core.spi.ServiceProviders;
import dev.keel.llm.adapters.internal.CachingEmbedder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The in-process all-MiniLM-L6-v2 embedder: offline, deterministic, semantic. */
class EmbeddersTest {

    /** Shared: loading the model takes about a second. */
    private static final Embedder MINI_LM = Embedders.allMiniLmL6V2(0);

    @Test
    void semanticallyCloseSentencesRankAboveUnrelatedOnes() {
        List<String> passages = List.of(
                "The bakery sells sourdough bread and croissants every morning.",
                "Two patrol boats will be decommissioned during the third quarter.",
                "Our football team won the league on Sunday.",
                "The fleet transition retires vessels while keeping enough ships available each week.");

        List<SemanticRanker.Ranked> ranked = SemanticRanker.create(MINI_LM).rank("Which ships are retired in Q3?", passages);

        assertThat(ranked).extracting(SemanticRanker.Ranked::index).startsWith(1, 3);
        assertThat(ranked.get(1).score()).isGreaterThan(ranked.get(2).score() + 0.1);
        assertThat(ranked.get(0).text()).isEqualTo(passages.get(1));
    }

    @Test
    void closeParaphrasesAreMoreSimilarThanUnrelatedSentences() {
        List<Embedding> vectors = MINI_LM.embed(List.of(
                "The dock can take one boat per week.",
                "Only a single vessel fits in the dry dock each week.",
                "Cats like to sleep in the sun."));

        double paraphrase = vectors.get(0).cosineSimilarity(vectors.get(1));
        double unrelated = vectors.get(0).cosineSimilarity(vectors.get(2));
        assertThat(paraphrase).isGreaterThan(0.5);
        assertThat(unrelated).isLessThan(0.2);
    }

    @Test
    void isDeterministicWith384DimensionUnitVectors() {
        Embedding first = MINI_LM.embed("Calendar B front-loads the retirements.");
        Embedding again = Embedders.allMiniLmL6V2(0).embed(List.of("other text", "Calendar B front-loads the retirements.")).get(1);

        assertThat(first).isEqualTo(again);
        assertThat(first.dimension()).isEqualTo(Embedders.ALL_MINILM_L6_V2_DIMENSION);
        double norm = Math.sqrt(first.cosineSimilarity(first) * dot(first, first));
        assertThat(norm).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-3));
        assertThat(MINI_LM.embed(List.of())).isEmpty();
        Embedding blank = MINI_LM.embed(List.of("  ", "x")).get(0);
        assertThat(blank.dimension()).isEqualTo(384);
        assertThat(blank.cosineSimilarity(first)).isZero();
    }

    private static double dot(Embedding a, Embedding b) {
        float[] x = a.vector();
        float[] y = b.vector();
        double sum = 0;
        for (int i = 0; i < x.length; i++) {
            sum += x[i] * y[i];
        }
        return sum;
    }

    @Test
    void theCacheEmbedsEachTextOnceAndStaysBounded() {
        AtomicInteger embedded = new AtomicInteger();
        Embedder counting = texts -> {
            embedded.addAndGet(texts.size());
            List<Embedding> result = new ArrayList<>();
            for (String text : texts) {
                result.add(Embedding.of(new float[] {text.length(), 1}));
            }
            return result;
        };
        Embedder cached = Embedders.caching(counting, 2);

        List<Embedding> first = cached.embed(List.of("a", "bb", "a"));
        cached.embed(List.of("a", "bb"));

        assertThat(first.get(0)).isEqualTo(first.get(2));
        assertThat(embedded).hasValue(2);
        cached.embed(List.of("ccc"));
        assertThat(((CachingEmbedder) cached).size()).isEqualTo(2);
        cached.embed(List.of("a"));
        // "a" was least recently used when "ccc" came in, so it was evicted and is embedded again
        assertThat(embedded).hasValue(4);
        assertThatThrownBy(() -> Embedders.caching(counting, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aFailingModelIsANonRetriableBackendFailure() {
        Embedder broken = Embedders.fromLangChain("broken", new dev.langchain4j.model.embedding.EmbeddingModel() {
            @Override
            public dev.langchain4j.model.output.Response<List<dev.langchain4j.data.embedding.Embedding>> embedAll(
                    List<dev.langchain4j.data.segment.TextSegment> segments) {
                throw new IllegalStateException("onnx session closed");
            }
        });

        assertThatThrownBy(() -> broken.embed("x"))
                .isInstanceOf(NonRetriableBackendException.class)
                .hasMessage("embedding model 'broken' failed (IllegalStateException)");
    }

    @Test
    void isTheEmbedderProviderModulesThatSeeOnlyCoreFind() {
        EmbedderProvider provider = ServiceProviders.single(EmbedderProvider.class).orElseThrow();

        assertThat(provider).isInstanceOf(AllMiniLmEmbedderProvider.class);
        assertThat(provider.create().embed("hello").dimension()).isEqualTo(384);
    }
}
