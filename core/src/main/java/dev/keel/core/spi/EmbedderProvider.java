package dev.keel.core.spi;

/**
 * A {@link java.util.ServiceLoader} factory for the default {@link Embedder}, found with
 * {@link ServiceProviders#single(Class)}. Implementations must have a public no-argument constructor.
 */
@FunctionalInterface
public interface EmbedderProvider {

    /** @throws dev.keel.core.ConfigurationException when the embedder cannot be configured */
    Embedder create();
}
