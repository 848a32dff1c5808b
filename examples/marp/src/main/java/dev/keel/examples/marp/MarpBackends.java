package dev.keel.examples.marp;

import dev.keel.core.spi.LlmBackend;
import dev.keel.langchain4j.ChatModelBackend;
import dev.keel.langchain4j.OllamaBackends;
import dev.keel.models.Environment;
import dev.keel.models.OllamaHost;
import java.time.Duration;
import java.util.Map;

/**
 * The assistant's two external models, served by Ollama at {@code OLLAMA_HOST}: {@code llama} (model
 * {@code llama3.1}) and {@code deepseek} (model {@code deepseek-r1}), the backend targets its routing table names
 * (see {@code docs/marp-example.md}).
 *
 * <p>Building them opens no connection; their calls do network I/O. They need {@code langchain4j-ollama} on the
 * class path (a {@link dev.keel.core.ConfigurationException} names it otherwise). Thread-safe (no state).
 */
public final class MarpBackends {

    /** The backend target for Llama. */
    public static final String LLAMA = "llama";
    /** The backend target for Deepseek. */
    public static final String DEEPSEEK = "deepseek";
    /** The Ollama model behind {@link #LLAMA}. */
    public static final String LLAMA_MODEL = "llama3.1";
    /** The Ollama model behind {@link #DEEPSEEK}. */
    public static final String DEEPSEEK_MODEL = "deepseek-r1";
    /** How long one call may take. */
    public static final Duration TIMEOUT = Duration.ofSeconds(60);

    private MarpBackends() {
    }

    /** {@code llama}: Ollama model {@value #LLAMA_MODEL} at {@code OLLAMA_HOST} of {@code environment}. */
    public static ChatModelBackend llama(Environment environment) {
        return OllamaBackends.create(LLAMA, LLAMA_MODEL, OllamaHost.baseUrl(environment), TIMEOUT);
    }

    /** {@code deepseek}: Ollama model {@value #DEEPSEEK_MODEL} at {@code OLLAMA_HOST} of {@code environment}. */
    public static ChatModelBackend deepseek(Environment environment) {
        return OllamaBackends.create(DEEPSEEK, DEEPSEEK_MODEL, OllamaHost.baseUrl(environment), TIMEOUT);
    }

    /** Both, by backend target, for {@link MarpAssistant#onShippedData}, at {@code OLLAMA_HOST} of {@code environment}. */
    public static Map<String, LlmBackend> external(Environment environment) {
        return Map.of(LLAMA, llama(environment), DEEPSEEK, deepseek(environment));
    }

    /** Both, by backend target, served by the Ollama at {@code baseUrl} ({@code http://host:port}). */
    public static Map<String, LlmBackend> external(String baseUrl) {
        String url = OllamaHost.baseUrl(baseUrl);
        return Map.of(LLAMA, OllamaBackends.create(LLAMA, LLAMA_MODEL, url, TIMEOUT),
                DEEPSEEK, OllamaBackends.create(DEEPSEEK, DEEPSEEK_MODEL, url, TIMEOUT));
    }
}
