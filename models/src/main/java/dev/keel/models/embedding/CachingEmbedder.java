package dev.keel.models.embedding;

import dev.keel.core.ConfigurationException;
import dev.keel.core.spi.Embedder;
import dev.keel.core.spi.Embedding;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * An {@link Embedder} with a bounded least-recently-used cache by text. Misses of one call are embedded together,
 * in one delegate call, outside the lock. Deterministic when the delegate is; thread-safe when the delegate is.
 */
final class CachingEmbedder implements Embedder {

    private final Embedder delegate;
    private final int maxEntries;
    private final LinkedHashMap<String, Embedding> cache;

    CachingEmbedder(Embedder delegate, int maxEntries) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
        if (maxEntries < 1) {
            throw new ConfigurationException("maxEntries must be >= 1, was " + maxEntries);
        }
        this.maxEntries = maxEntries;
        this.cache = new LinkedHashMap<>(16, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Embedding> eldest) {
                return size() > CachingEmbedder.this.maxEntries;
            }
        };
    }

    @Override
    public List<Embedding> embed(List<String> texts) {
        Embedding[] result = new Embedding[texts.size()];
        List<String> missing = new ArrayList<>();
        List<Integer> missingAt = new ArrayList<>();
        synchronized (cache) {
            for (int i = 0; i < texts.size(); i++) {
                String text = Objects.requireNonNull(texts.get(i), "text");
                Embedding hit = cache.get(text);
                if (hit != null) {
                    result[i] = hit;
                } else {
                    missing.add(text);
                    missingAt.add(i);
                }
            }
        }
        if (!missing.isEmpty()) {
            List<String> distinct = new ArrayList<>(new java.util.LinkedHashSet<>(missing));
            List<Embedding> computed = delegate.embed(distinct);
            Map<String, Embedding> byText = new LinkedHashMap<>();
            for (int i = 0; i < distinct.size(); i++) {
                byText.put(distinct.get(i), computed.get(i));
            }
            synchronized (cache) {
                byText.forEach(cache::put);
            }
            for (int i = 0; i < missing.size(); i++) {
                result[missingAt.get(i)] = byText.get(missing.get(i));
            }
        }
        return List.of(result);
    }

    /** The number of texts cached now. */
    public int size() {
        synchronized (cache) {
            return cache.size();
        }
    }

    @Override
    public String toString() {
        return "CachingEmbedder{" + delegate + ", max=" + maxEntries + "}";
    }
}
