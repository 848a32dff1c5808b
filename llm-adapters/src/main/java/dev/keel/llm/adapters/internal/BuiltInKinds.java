package dev.keel.llm.adapters.internal;

import dev.keel.core.spi.LlmBackend;
import dev.keel.llm.adapters.AnthropicBackends;
import dev.keel.llm.adapters.Environment;
import dev.keel.llm.adapters.OllamaBackends;
import dev.keel.llm.adapters.OllamaHost;
import dev.keel.llm.adapters.OpenAiBackends;
import dev.keel.llm.adapters.config.ProviderKind;
import dev.keel.llm.adapters.config.ProviderSettings;
import dev.keel.llm.adapters.reasoning.EmbeddedBackend;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The built-in {@link ProviderKind}s, each over its factory ({@link OllamaBackends}, {@link OpenAiBackends},
 * {@link AnthropicBackends}) or the embedded backend. None of them names a langchain4j provider type, so they load
 * without the provider modules. Their one instance each is a constant of {@link ProviderKind} (created there, so that
 * no order of class initialisation can see a constant unset). Immutable and thread-safe.
 */
public final class BuiltInKinds {

    private BuiltInKinds() {
    }

    // The settings of a kind that takes a model hold one, and its base URL is what its baseUrl(...) gave: never null.
    private static String modelOf(ProviderSettings settings) {
        return Objects.requireNonNull(settings.model(), "model");
    }

    private static String baseUrlOf(ProviderSettings settings) {
        return Objects.requireNonNull(settings.baseUrl(), "baseUrl");
    }

    /** Ollama: the base URL is read as the Ollama CLI reads {@code OLLAMA_HOST}, which is the default. */
    public static final class Ollama implements ProviderKind {
        @Override
        public String name() {
            return "ollama";
        }

        @Override
        public String baseUrl(@Nullable String configured, Environment environment) {
            return configured != null ? OllamaHost.baseUrl(configured) : OllamaHost.baseUrl(environment);
        }

        @Override
        public void requireAvailable(String context) {
            ProviderModule.OLLAMA.require(context);
        }

        @Override
        public LlmBackend create(ProviderSettings settings) {
            return OllamaBackends.create(settings.id(), modelOf(settings), baseUrlOf(settings), settings.timeout());
        }

        @Override
        public String toString() {
            return name();
        }
    }

    /** Any OpenAI-compatible endpoint; the key is optional (local servers take none). */
    public static final class OpenAi implements ProviderKind {
        @Override
        public String name() {
            return "openai";
        }

        @Override
        public String baseUrl(@Nullable String configured, Environment environment) {
            return configured != null ? configured : OpenAiBackends.OPENAI_BASE_URL;
        }

        @Override
        public void requireAvailable(String context) {
            ProviderModule.OPENAI.require(context);
        }

        @Override
        public LlmBackend create(ProviderSettings settings) {
            return OpenAiBackends.create(settings.id(), modelOf(settings), baseUrlOf(settings), settings.apiKey(),
                    settings.timeout());
        }

        @Override
        public String toString() {
            return name();
        }
    }

    /** The Anthropic Messages API; the key is required. */
    public static final class Anthropic implements ProviderKind {
        @Override
        public String name() {
            return "anthropic";
        }

        @Override
        public boolean requiresApiKey() {
            return true;
        }

        @Override
        public String baseUrl(@Nullable String configured, Environment environment) {
            return configured != null ? configured : AnthropicBackends.ANTHROPIC_BASE_URL;
        }

        @Override
        public void requireAvailable(String context) {
            ProviderModule.ANTHROPIC.require(context);
        }

        @Override
        public LlmBackend create(ProviderSettings settings) {
            return AnthropicBackends.create(settings.id(), modelOf(settings), baseUrlOf(settings),
                    Objects.requireNonNull(settings.apiKey(), "apiKey"), // a required key: checked, then read
                    settings.timeout());
        }

        @Override
        public String toString() {
            return name();
        }
    }

    /** No model and no endpoint: the embedded backend, which reports itself as what it is. */
    public static final class Embedded implements ProviderKind {
        @Override
        public String name() {
            return "embedded";
        }

        @Override
        public boolean takesModel() {
            return false;
        }

        @Override
        public boolean takesEndpoint() {
            return false;
        }

        @Override
        public LlmBackend create(ProviderSettings settings) {
            return EmbeddedBackend.create();
        }

        @Override
        public String toString() {
            return name();
        }
    }
}
