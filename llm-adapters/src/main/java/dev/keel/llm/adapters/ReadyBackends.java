package dev.keel.llm.adapters;

import java.time.Duration;

/**
 * Ready {@link ChatModelBackend}s: seed 000's external backends {@code llama} (Ollama model {@code llama3.1}) and
 * {@code deepseek} (Ollama model {@code deepseek-r1}), and short names for the provider factories
 * {@link OllamaBackends}, {@link OpenAiBackends} and {@link AnthropicBackends}.
 *
 * <p>Every method only delegates to a provider factory, and this class names no provider type: loading it, or
 * reading its constants, loads no provider class, so it works with no provider on the class path. A method whose
 * provider jar is absent throws a {@link dev.keel.core.ConfigurationException} naming the artifact
 * ({@link #llama} and {@link #deepseek} need {@code langchain4j-ollama}). The factories are pure (building a model
 * opens no connection); the backends they build do network I/O. Thread-safe (no state).
 */
public final class ReadyBackends {

    /** Seed 000's backend target for Llama. */
    public static final String LLAMA = "llama";
    /** Seed 000's backend target for Deepseek. */
    public static final String DEEPSEEK = "deepseek";
    /** The Ollama model seed 000 names for {@link #LLAMA}. */
    public static final String LLAMA_MODEL = "llama3.1";
    /** The Ollama model seed 000 names for {@link #DEEPSEEK}. */
    public static final String DEEPSEEK_MODEL = "deepseek-r1";
    /** The Anthropic API ({@link AnthropicBackends#ANTHROPIC_BASE_URL}). */
    public static final String ANTHROPIC_BASE_URL = AnthropicBackends.ANTHROPIC_BASE_URL;
    /** The OpenAI API ({@link OpenAiBackends#OPENAI_BASE_URL}). */
    public static final String OPENAI_BASE_URL = OpenAiBackends.OPENAI_BASE_URL;
    /** How long one call may take unless configured otherwise. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(60);

    private ReadyBackends() {
    }

    /**
     * Seed 000's {@code llama}: Ollama model {@code llama3.1} at {@code OLLAMA_HOST} of {@code environment}.
     *
     * @throws dev.keel.core.ConfigurationException when {@code langchain4j-ollama} is not on the class path
     */
    public static ChatModelBackend llama(Environment environment) {
        return OllamaBackends.create(LLAMA, LLAMA_MODEL, OllamaHost.baseUrl(environment), DEFAULT_TIMEOUT);
    }

    /**
     * Seed 000's {@code deepseek}: Ollama model {@code deepseek-r1} at {@code OLLAMA_HOST} of {@code environment}.
     *
     * @throws dev.keel.core.ConfigurationException when {@code langchain4j-ollama} is not on the class path
     */
    public static ChatModelBackend deepseek(Environment environment) {
        return OllamaBackends.create(DEEPSEEK, DEEPSEEK_MODEL, OllamaHost.baseUrl(environment), DEFAULT_TIMEOUT);
    }

    /** {@link OllamaBackends#create}. */
    public static ChatModelBackend ollama(String id, String model, String baseUrl, Duration timeout) {
        return OllamaBackends.create(id, model, baseUrl, timeout);
    }

    /** {@link OpenAiBackends#create}. */
    public static ChatModelBackend openAiCompatible(String id, String model, String baseUrl, String apiKey, Duration timeout) {
        return OpenAiBackends.create(id, model, baseUrl, apiKey, timeout);
    }

    /** {@link AnthropicBackends#create}. */
    public static ChatModelBackend anthropic(String id, String model, String baseUrl, String apiKey, Duration timeout) {
        return AnthropicBackends.create(id, model, baseUrl, apiKey, timeout);
    }
}
