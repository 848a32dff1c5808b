package dev.keel.llm.adapters.embedding;

import dev.keel.core.spi.Embedder;
import dev.keel.core.spi.EmbedderProvider;

/**
 * Offers {@link Embedders#allMiniLmL6V2()} to {@link java.util.ServiceLoader} (registered in
 * {@code META-INF/services}). Creating the embedder does not load the model; the first text does. Stateless and thread-safe.
 */
public final class AllMiniLmEmbedderProvider implements EmbedderProvider {

    /** For {@link java.util.ServiceLoader}. */
    public AllMiniLmEmbedderProvider() {
    }

    @Override
    public Embedder create() {
        return Embedders.allMiniLmL6V2();
    }
}
