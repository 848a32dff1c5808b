package dev.keel.langchain4j;

import dev.keel.core.spi.LlmBackend;
import dev.keel.models.config.ProviderClient;
import dev.keel.models.config.ProviderKind;
import dev.keel.models.config.ProviderSettings;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The {@link ProviderClient}s of keel-models' built-in kinds {@code ollama}, {@code openai} and {@code anthropic},
 * each over its factory ({@link OllamaBackends}, {@link OpenAiBackends}, {@link AnthropicBackends}), registered in
 * {@code META-INF/services/dev.keel.models.config.ProviderClient}. None of them names a langchain4j provider type, so
 * they load without the provider modules. Immutable and thread-safe.
 *
 * <p>Public only because {@link java.util.ServiceLoader} creates them by name; a host never uses them directly.
 */
public final class ProviderClients {

    private ProviderClients() {
    }

    // The settings of a kind that takes a model hold one, and its base URL is what its baseUrl(...) gave: never null.
    private static String modelOf(ProviderSettings settings) {
        return Objects.requireNonNull(settings.model(), "model");
    }

    private static String baseUrlOf(ProviderSettings settings) {
        return Objects.requireNonNull(settings.baseUrl(), "baseUrl");
    }

    /** Ollama's {@code /api/chat}. */
    public static final class Ollama implements ProviderClient {
        @Override
        public String kind() {
            return ProviderKind.OLLAMA.name();
        }

        @Override
        public void requireAvailable(@Nullable String context) {
            ProviderModule.OLLAMA.require(context);
        }

        @Override
        public LlmBackend create(ProviderSettings settings) {
            return OllamaBackends.create(settings.id(), modelOf(settings), baseUrlOf(settings), settings.timeout());
        }
    }

    /** Any OpenAI-compatible endpoint; the key is optional (local servers take none). */
    public static final class OpenAi implements ProviderClient {
        @Override
        public String kind() {
            return ProviderKind.OPENAI.name();
        }

        @Override
        public void requireAvailable(@Nullable String context) {
            ProviderModule.OPENAI.require(context);
        }

        @Override
        public LlmBackend create(ProviderSettings settings) {
            return OpenAiBackends.create(settings.id(), modelOf(settings), baseUrlOf(settings), settings.apiKey(),
                    settings.timeout());
        }
    }

    /** The Anthropic Messages API; the key is required. */
    public static final class Anthropic implements ProviderClient {
        @Override
        public String kind() {
            return ProviderKind.ANTHROPIC.name();
        }

        @Override
        public void requireAvailable(@Nullable String context) {
            ProviderModule.ANTHROPIC.require(context);
        }

        @Override
        public LlmBackend create(ProviderSettings settings) {
            return AnthropicBackends.create(settings.id(), modelOf(settings), baseUrlOf(settings),
                    Objects.requireNonNull(settings.apiKey(), "apiKey"), // a required key: checked, then read
                    settings.timeout());
        }
    }
}
