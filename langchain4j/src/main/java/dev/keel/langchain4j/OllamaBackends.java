package dev.keel.langchain4j;

import dev.langchain4j.model.ollama.OllamaChatModel;
import dev.langchain4j.model.ollama.OllamaStreamingChatModel;
import java.time.Duration;
import java.util.Objects;

/**
 * {@link ChatModelBackend}s for Ollama servers ({@code /api/chat}). Needs {@code dev.langchain4j:langchain4j-ollama}
 * on the class path: {@code keel-langchain4j} declares it optional, so a host adds it when it uses Ollama.
 * Without it, {@link #create} throws a {@link dev.keel.core.ConfigurationException} naming the artifact; the
 * provider's classes are touched only after that check, by a nested class loaded on the first {@code create}.
 *
 * <p>The model is built with langchain4j's own retries off (Keel's {@link dev.keel.models.RetryPolicy} is the only
 * retry layer) and with request and response logging off (a logged request carries the prompt). User information in
 * the base URL ({@code http://user:password@host:11434}, as {@code OLLAMA_HOST} may give it) is sent as an
 * {@code Authorization: Basic} header, never in the URL, and is a secret of the backend: no message of it quotes
 * the password. A backend streams ({@code "stream": true}, Ollama's lines of JSON) through langchain4j's
 * {@code OllamaStreamingChatModel}, built with the same settings; {@code timeout} is also how long a stream may stay
 * silent. Building a backend opens no connection; the backend's calls do network I/O. Thread-safe (no
 * state).
 */
public final class OllamaBackends {

    private OllamaBackends() {
    }

    /** True when {@code langchain4j-ollama} is on the class path. */
    public static boolean isAvailable() {
        return ProviderModule.OLLAMA.isPresent();
    }

    /**
     * An Ollama model at {@code baseUrl} (see {@link dev.keel.models.OllamaHost#baseUrl(String)} to read
     * {@code OLLAMA_HOST}), asking for native JSON mode when JSON is wanted.
     *
     * @throws dev.keel.core.ConfigurationException when {@code langchain4j-ollama} is not on the class path, or
     *         {@code baseUrl} is not an http or https URL
     */
    public static ChatModelBackend create(String id, String model, String baseUrl, Duration timeout) {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(baseUrl, "baseUrl");
        Objects.requireNonNull(timeout, "timeout");
        ProviderModule.OLLAMA.require();
        return Models.backend(id, model, ProviderUrl.parse(baseUrl), timeout);
    }

    /** The only code that names langchain4j-ollama's types: loaded when a backend is first built. */
    private static final class Models {

        static ChatModelBackend backend(String id, String model, ProviderUrl baseUrl, Duration timeout) {
            OllamaChatModel chatModel = OllamaChatModel.builder()
                    .baseUrl(baseUrl.url())
                    .customHeaders(baseUrl.headers())
                    .modelName(model)
                    .timeout(timeout)
                    .maxRetries(0)
                    .logRequests(false)
                    .logResponses(false)
                    .build();
            OllamaStreamingChatModel streamingModel = OllamaStreamingChatModel.builder()
                    .baseUrl(baseUrl.url())
                    .customHeaders(baseUrl.headers())
                    .modelName(model)
                    .timeout(timeout)
                    .logRequests(false)
                    .logResponses(false)
                    .build();
            return ChatModelBackend.builder(id, chatModel).streamingModel(streamingModel).streamTimeout(timeout)
                    .modelName(model).jsonMode(JsonMode.NATIVE).secrets(baseUrl.secrets()).build();
        }
    }
}
