package dev.keel.models.config;

import dev.keel.core.spi.LlmBackend;
import dev.keel.models.Environment;
import org.jspecify.annotations.Nullable;

/**
 * A kind of model provider, named in a configuration ({@code "kind": "ollama"} in {@code llm.config.json},
 * {@code provider: ollama} under the Spring Boot starter's {@code keel.backends}), and the one place that turns a
 * provider's resolved settings into a backend. Adding a provider is adding one of these: a host registers its own
 * with {@link ProviderKinds#with} or through {@link java.util.ServiceLoader} (a line naming the class in
 * {@code META-INF/services/dev.keel.models.config.ProviderKind}), and both configuration paths find it by
 * {@link #name()}. See "Adding a provider" in {@code docs/models.md}.
 *
 * <p>What a configuration may say of a provider of this kind ({@link #takesModel()}, {@link #takesEndpoint()},
 * {@link #requiresApiKey()}) is checked when the configuration is read; secrets and model names are read from the
 * environment by {@link ConfiguredBackends}, which hands them over in {@link ProviderSettings}. Implementations must
 * be immutable and thread-safe; {@link #create} builds a backend and must not call the network.
 */
public interface ProviderKind {

    /**
     * An Ollama server ({@code /api/chat}); its address defaults to {@code OLLAMA_HOST}. Its backends are built by the
     * {@link ProviderClient} of {@code keel-langchain4j}, as are those of {@link #OPENAI} and {@link #ANTHROPIC}.
     */
    ProviderKind OLLAMA = new BuiltInKinds.Ollama();

    /** An OpenAI-compatible endpoint ({@code /chat/completions}): OpenAI, xAI, vLLM, LM Studio, ... */
    ProviderKind OPENAI = new BuiltInKinds.OpenAi();

    /** The Anthropic Messages API. */
    ProviderKind ANTHROPIC = new BuiltInKinds.Anthropic();

    /** No model: the embedded extractive backend, which restates what it is given and says so. */
    ProviderKind EMBEDDED = new BuiltInKinds.Embedded();

    /** The kind's name in configurations: lower-case letters, digits, {@code -} and {@code _}, first a letter. */
    String name();

    /** Whether a role of this kind names a model (its variable); false for a backend that runs no model. */
    default boolean takesModel() {
        return true;
    }

    /** Whether a provider of this kind takes a base URL and an API key. */
    default boolean takesEndpoint() {
        return true;
    }

    /** Whether a provider of this kind must name the variable holding its API key. */
    default boolean requiresApiKey() {
        return false;
    }

    /**
     * The base URL a backend is built with: {@code configured} (the configuration's, null when it gives none) as this
     * kind reads it, or the kind's default. Reads nothing but {@code environment}.
     */
    default @Nullable String baseUrl(@Nullable String configured, Environment environment) {
        return configured;
    }

    /**
     * Returns when this kind can build backends in this process (its client module and library are on the class
     * path).
     *
     * @param context what asked for it (for example a role of the configuration), for the message
     * @throws dev.keel.core.ConfigurationException naming what to add otherwise
     */
    default void requireAvailable(String context) {
    }

    /**
     * The backend of one role: its id is {@link ProviderSettings#id()}. Retries are added around it by the caller.
     *
     * @throws dev.keel.core.ConfigurationException when the settings cannot be used (a base URL that is not a URL)
     */
    LlmBackend create(ProviderSettings settings);
}
