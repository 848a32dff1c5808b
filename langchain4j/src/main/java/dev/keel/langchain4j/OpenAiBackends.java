package dev.keel.langchain4j;

import dev.keel.core.ConfigurationException;
import dev.keel.models.BaseUrls;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.langchain4j.model.openai.OpenAiStreamingChatModel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * {@link ChatModelBackend}s for OpenAI-compatible {@code /chat/completions} endpoints (OpenAI, xAI, vLLM,
 * LM Studio, ...). Needs {@code dev.langchain4j:langchain4j-open-ai} on the class path: {@code keel-langchain4j}
 * declares it optional, so a host adds it when it uses such an endpoint. Without it, {@link #create} throws a
 * {@link dev.keel.core.ConfigurationException} naming the artifact; the provider's classes are touched only after
 * that check, by a nested class loaded on the first {@code create}.
 *
 * <p>The model is built with langchain4j's own retries off and with request and response logging off (headers
 * carry keys); the API key is registered as a secret of the backend, so it never appears in its exception
 * messages. User information in the base URL ({@code https://user:password@proxy/v1}) is sent as an
 * {@code Authorization: Basic} header instead of an API key, never in the URL, and is a secret of the backend too. A
 * backend streams (server-sent events, with the usage in the last chunk) through langchain4j's
 * {@code OpenAiStreamingChatModel}, built with the same settings; {@code timeout} is also how long a stream may stay
 * silent. Building a backend opens no connection; the backend's calls do network I/O. Thread-safe (no state).
 */
public final class OpenAiBackends {

    /** The OpenAI API. */
    public static final String OPENAI_BASE_URL = BaseUrls.OPENAI;

    private OpenAiBackends() {
    }

    /** True when {@code langchain4j-open-ai} is on the class path. */
    public static boolean isAvailable() {
        return ProviderModule.OPENAI.isPresent();
    }

    /**
     * A model of the endpoint at {@code baseUrl} (for example {@value #OPENAI_BASE_URL}), asking for native JSON
     * mode when JSON is wanted; {@code apiKey} may be null for local servers that take none, and must be null when
     * {@code baseUrl} carries user information.
     *
     * @throws ConfigurationException when {@code langchain4j-open-ai} is not on the class path, {@code baseUrl} is
     *         not an http or https URL, or it carries user information and an API key is given too
     */
    public static ChatModelBackend create(String id, String model, String baseUrl, @Nullable String apiKey,
                                          Duration timeout) {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(baseUrl, "baseUrl");
        Objects.requireNonNull(timeout, "timeout");
        ProviderModule.OPENAI.require();
        ProviderUrl url = ProviderUrl.parse(baseUrl);
        if (url.authorization().isPresent() && apiKey != null) {
            throw new ConfigurationException("backend '" + id + "': the base URL " + url + " carries user"
                    + " information and an API key is given too; give one of them");
        }
        return Models.backend(id, model, url, apiKey, timeout);
    }

    /** The only code that names langchain4j-open-ai's types: loaded when a backend is first built. */
    private static final class Models {

        static ChatModelBackend backend(String id, String model, ProviderUrl baseUrl, @Nullable String apiKey,
                Duration timeout) {
            OpenAiChatModel chatModel = OpenAiChatModel.builder()
                    .baseUrl(baseUrl.url())
                    .apiKey(apiKey == null ? "" : apiKey)
                    .customHeaders(baseUrl.headers())
                    .modelName(model)
                    .timeout(timeout)
                    .maxRetries(0)
                    .logRequests(false)
                    .logResponses(false)
                    .build();
            OpenAiStreamingChatModel streamingModel = OpenAiStreamingChatModel.builder()
                    .baseUrl(baseUrl.url())
                    .apiKey(apiKey == null ? "" : apiKey)
                    .customHeaders(baseUrl.headers())
                    .modelName(model)
                    .timeout(timeout)
                    .logRequests(false)
                    .logResponses(false)
                    .build();
            List<String> secrets = new ArrayList<>(baseUrl.secrets());
            if (apiKey != null) {
                secrets.add(apiKey);
            }
            return ChatModelBackend.builder(id, chatModel).streamingModel(streamingModel).streamTimeout(timeout)
                    .modelName(model).jsonMode(JsonMode.NATIVE).secrets(secrets).build();
        }
    }
}
