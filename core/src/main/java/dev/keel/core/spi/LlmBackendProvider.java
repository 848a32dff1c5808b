package dev.keel.core.spi;

/**
 * A {@link java.util.ServiceLoader} factory for the default {@link LlmBackend}, found with
 * {@link ServiceProviders#single(Class)}. Implementations must have a public no-argument constructor.
 */
@FunctionalInterface
public interface LlmBackendProvider {

    /** @throws dev.keel.core.ConfigurationException when the backend cannot be configured */
    LlmBackend create();
}
