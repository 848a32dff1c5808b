package dev.keel.llm.adapters;

import dev.langchain4j.model.anthropic.AnthropicChatModel;
import dev.langchain4j.model.ollama.OllamaChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * Ready {@link ChatModelBackend}s for the providers Keel ships with: Ollama (seed 000's external backends
 * {@code llama} on {@code llama3.1} and {@code deepseek} on {@code deepseek-r1}), OpenAI-compatible endpoints
 * (OpenAI, xAI, vLLM, LM Studio, ...) and Anthropic.
 *
 * <p>Every model is built with langchain4j's own retries off (Keel's {@link RetryPolicy} is the only retry
 * layer, so attempts stay bounded and visible) and with request and response logging off (a logged request
 * carries the prompt, and headers carry keys). API keys are registered as secrets of the backend: they never
 * appear in its exception messages. The factories are pure (building a model opens no connection); the
 * backends they build do network I/O. Thread-safe (no state).
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
    /** The Anthropic API. */
    public static final String ANTHROPIC_BASE_URL = "https://api.anthropic.com/v1/";
    /** The OpenAI API. */
    public static final String OPENAI_BASE_URL = "https://api.openai.com/v1";
    /** How long one call may take unless configured otherwise. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(60);

    private ReadyBackends() {
    }

    /** Seed 000's {@code llama}: Ollama model {@code llama3.1} at {@code OLLAMA_HOST} of {@code environment}. */
    public static ChatModelBackend llama(Environment environment) {
        return ollama(LLAMA, LLAMA_MODEL, OllamaHost.baseUrl(environment), DEFAULT_TIMEOUT);
    }

    /** Seed 000's {@code deepseek}: Ollama model {@code deepseek-r1} at {@code OLLAMA_HOST} of {@code environment}. */
    public static ChatModelBackend deepseek(Environment environment) {
        return ollama(DEEPSEEK, DEEPSEEK_MODEL, OllamaHost.baseUrl(environment), DEFAULT_TIMEOUT);
    }

    /** An Ollama model at {@code baseUrl} (see {@link OllamaHost#baseUrl(String)} to read {@code OLLAMA_HOST}). */
    public static ChatModelBackend ollama(String id, String model, String baseUrl, Duration timeout) {
        OllamaChatModel chatModel = OllamaChatModel.builder()
                .baseUrl(Objects.requireNonNull(baseUrl, "baseUrl"))
                .modelName(Objects.requireNonNull(model, "model"))
                .timeout(Objects.requireNonNull(timeout, "timeout"))
                .maxRetries(0)
                .logRequests(false)
                .logResponses(false)
                .build();
        return ChatModelBackend.builder(id, chatModel).modelName(model).jsonMode(JsonMode.NATIVE).build();
    }

    /**
     * A model of an OpenAI-compatible {@code /chat/completions} endpoint at {@code baseUrl} (for example
     * {@value #OPENAI_BASE_URL}); {@code apiKey} may be null for local servers that take none.
     */
    public static ChatModelBackend openAiCompatible(String id, String model, String baseUrl, String apiKey, Duration timeout) {
        OpenAiChatModel chatModel = OpenAiChatModel.builder()
                .baseUrl(Objects.requireNonNull(baseUrl, "baseUrl"))
                .apiKey(apiKey == null ? "" : apiKey)
                .modelName(Objects.requireNonNull(model, "model"))
                .timeout(Objects.requireNonNull(timeout, "timeout"))
                .maxRetries(0)
                .logRequests(false)
                .logResponses(false)
                .build();
        return ChatModelBackend.builder(id, chatModel).modelName(model).jsonMode(JsonMode.NATIVE)
                .secrets(apiKey == null ? List.of() : List.of(apiKey)).build();
    }

    /**
     * An Anthropic model at {@code baseUrl} ({@value #ANTHROPIC_BASE_URL} when null). Anthropic has no schemaless
     * JSON mode, so JSON is asked for by instruction only ({@link JsonMode#INSTRUCTION_ONLY}).
     */
    public static ChatModelBackend anthropic(String id, String model, String baseUrl, String apiKey, Duration timeout) {
        AnthropicChatModel chatModel = AnthropicChatModel.builder()
                .baseUrl(baseUrl == null ? ANTHROPIC_BASE_URL : baseUrl)
                .apiKey(Objects.requireNonNull(apiKey, "apiKey"))
                .modelName(Objects.requireNonNull(model, "model"))
                .timeout(Objects.requireNonNull(timeout, "timeout"))
                .maxRetries(0)
                .logRequests(false)
                .logResponses(false)
                .build();
        return ChatModelBackend.builder(id, chatModel).modelName(model).jsonMode(JsonMode.INSTRUCTION_ONLY)
                .secrets(List.of(apiKey)).build();
    }
}
