package dev.keel.core.spi;

import java.util.List;

/**
 * Turns texts into vectors. Implementations must be thread-safe and, for the same model, deterministic:
 * the same text gives the same vector.
 */
@FunctionalInterface
public interface Embedder {

    /**
     * One embedding per text, in the same order.
     *
     * @throws dev.keel.core.BackendException when the embedding backend fails
     */
    List<Embedding> embed(List<String> texts);

    /** Convenience for a single text. */
    default Embedding embed(String text) {
        return embed(List.of(text)).get(0);
    }
}
