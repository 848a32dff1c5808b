package dev.keel.embeddings.minilm;

import dev.keel.core.spi.Embedder;
import dev.keel.core.spi.EmbedderProvider;

/**
 * Offers {@link MiniLmEmbedders#allMiniLmL6V2()} to {@link java.util.ServiceLoader} (registered in
 * {@code META-INF/services}), so that modules that see only core find it with
 * {@link dev.keel.core.spi.ServiceProviders#single(Class)}. Creating the embedder does not load the model; the
 * first text does. Stateless and thread-safe.
 */
public final class MiniLmEmbedderProvider implements EmbedderProvider {

    /** For {@link java.util.ServiceLoader}. */
    public MiniLmEmbedderProvider() {
    }

    @Override
    public Embedder create() {
        return MiniLmEmbedders.allMiniLmL6V2();
    }
}
