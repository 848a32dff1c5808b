package dev.keel.models.embedding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.ConfigurationException;
import dev.keel.core.spi.Embedder;
import dev.keel.core.spi.Embedding;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The cache around any embedder, over an embedder of the test's own that counts what it embeds. */
class EmbeddersTest {

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
        assertThatThrownBy(() -> Embedders.caching(counting, 0)).isInstanceOf(ConfigurationException.class);
    }
}
