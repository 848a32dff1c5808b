package dev.keel.models.config;

import dev.keel.core.spi.LlmBackend;
import org.jspecify.annotations.Nullable;

/**
 * What builds the backends of a built-in provider kind that calls a model over the network ({@code ollama},
 * {@code openai}, {@code anthropic}). keel-models defines these kinds, what a configuration gives them and their
 * default addresses, but no client library to call them with, so that it needs none; a client module registers one
 * {@code ProviderClient} per kind it serves through {@link java.util.ServiceLoader} (a line naming the class in
 * {@code META-INF/services/dev.keel.models.config.ProviderClient}), as {@code keel-langchain4j} does for all three.
 * When none is registered, a role of that kind fails when it is resolved, with a
 * {@link dev.keel.core.ConfigurationException} naming {@code keel-langchain4j}; when several are, the first on the
 * class path serves.
 *
 * <p>A host that adds a provider of its own implements {@link ProviderKind} instead. Implementations are public with
 * a public no-argument constructor, immutable and thread-safe; {@link #create} builds a backend and must not call the
 * network.
 */
public interface ProviderClient {

    /** The {@linkplain ProviderKind#name() name} of the built-in kind this client builds backends for. */
    String kind();

    /**
     * Returns when this client can build backends in this process (its provider library is on the class path).
     *
     * @param context what asked for it (for example a role of the configuration), for the message; null for none
     * @throws dev.keel.core.ConfigurationException naming what to add otherwise
     */
    void requireAvailable(@Nullable String context);

    /**
     * The backend of one role, from settings the kind has resolved: its id is {@link ProviderSettings#id()}, the
     * model and the base URL are set. Retries are added around it by the caller.
     *
     * @throws dev.keel.core.ConfigurationException when the settings cannot be used (a base URL that is not a URL),
     *         or the provider library is not on the class path
     */
    LlmBackend create(ProviderSettings settings);
}
