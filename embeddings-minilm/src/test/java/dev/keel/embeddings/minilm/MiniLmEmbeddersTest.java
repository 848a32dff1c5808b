package dev.keel.embeddings.minilm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.ConfigurationException;
import dev.keel.core.spi.Embedder;
import dev.keel.core.spi.Embedding;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The in-process all-MiniLM-L6-v2 embedder: offline, deterministic, semantic. */
class MiniLmEmbeddersTest {

    /** Shared: loading the model takes about a second. */
    private static final Embedder MINI_LM = MiniLmEmbedders.allMiniLmL6V2(0);

    @Test
    void semanticallyCloseSentencesRankAboveUnrelatedOnes() {
        List<String> passages = List.of(
                "The bakery sells sourdough bread and croissants every morning.",
                "Two patrol boats will be decommissioned during the third quarter.",
                "Our football team won the league on Sunday.",
                "The fleet transition retires vessels while keeping enough ships available each week.");

        Embedding query = MINI_LM.embed("Which ships are retired in Q3?");
        List<Embedding> vectors = MINI_LM.embed(passages);
        List<Integer> ranked = java.util.stream.IntStream.range(0, passages.size()).boxed()
                .sorted(java.util.Comparator.comparingDouble((Integer i) -> query.cosineSimilarity(vectors.get(i)))
                        .reversed())
                .toList();

        assertThat(ranked).startsWith(1, 3);
        assertThat(query.cosineSimilarity(vectors.get(ranked.get(1))))
                .isGreaterThan(query.cosineSimilarity(vectors.get(ranked.get(2))) + 0.1);
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
        Embedding again = MiniLmEmbedders.allMiniLmL6V2().embed(List.of("other text", "Calendar B front-loads the retirements.")).get(1);

        assertThat(first).isEqualTo(again);
        assertThat(first.dimension()).isEqualTo(MiniLmEmbedders.ALL_MINILM_L6_V2_DIMENSION);
        double norm = Math.sqrt(dot(first, first));
        assertThat(norm).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-3));
        assertThat(MINI_LM.embed(List.of())).isEmpty();
        Embedding blank = MINI_LM.embed(List.of("  ", "x")).get(0);
        assertThat(blank.dimension()).isEqualTo(384);
        assertThat(blank.cosineSimilarity(first)).isZero();
        assertThatThrownBy(() -> MiniLmEmbedders.allMiniLmL6V2(-1)).isInstanceOf(ConfigurationException.class);
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
}
