package dev.keel.langchain4j;

import dev.keel.models.BaseUrls;
import dev.langchain4j.model.anthropic.AnthropicChatModel;
import dev.langchain4j.model.anthropic.AnthropicStreamingChatModel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * {@link ChatModelBackend}s for the Anthropic Messages API. Needs {@code dev.langchain4j:langchain4j-anthropic} on
 * the class path: {@code keel-langchain4j} declares it optional, so a host adds it when it uses Anthropic.
 * Without it, {@link #create} throws a {@link dev.keel.core.ConfigurationException} naming the artifact; the
 * provider's classes are touched only after that check, by a nested class loaded on the first {@code create}.
 *
 * <p>Anthropic has no schemaless JSON mode, so JSON is asked for by instruction only
 * ({@link JsonMode#INSTRUCTION_ONLY}). The model is built with langchain4j's own retries off and with request and
 * response logging off (headers carry keys); the API key is registered as a secret of the backend, so it never
 * appears in its exception messages. User information in the base URL (a proxy's
 * {@code https://user:password@proxy/v1/}) is sent as an {@code Authorization: Basic} header beside the key, never
 * in the URL, and is a secret of the backend too. A backend streams (the Messages API's events) through
 * langchain4j's {@code AnthropicStreamingChatModel}, built with the same settings; {@code timeout} is also how long a
 * stream may stay silent. Building a backend opens no connection; the backend's calls do network I/O.
 * Thread-safe (no state).
 */
public final class AnthropicBackends {

    /** The Anthropic API. */
    public static final String ANTHROPIC_BASE_URL = BaseUrls.ANTHROPIC;

    private AnthropicBackends() {
    }

    /** True when {@code langchain4j-anthropic} is on the class path. */
    public static boolean isAvailable() {
        return ProviderModule.ANTHROPIC.isPresent();
    }

    /**
     * An Anthropic model at {@code baseUrl} ({@value #ANTHROPIC_BASE_URL} when null).
     *
     * @throws dev.keel.core.ConfigurationException when {@code langchain4j-anthropic} is not on the class path, or
     *         {@code baseUrl} is not an http or https URL
     */
    public static ChatModelBackend create(String id, String model, @Nullable String baseUrl, String apiKey,
                                          Duration timeout) {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(apiKey, "apiKey");
        Objects.requireNonNull(timeout, "timeout");
        ProviderModule.ANTHROPIC.require();
        return Models.backend(id, model, ProviderUrl.parse(baseUrl == null ? ANTHROPIC_BASE_URL : baseUrl), apiKey,
                timeout);
    }

    /** The only code that names langchain4j-anthropic's types: loaded when a backend is first built. */
    private static final class Models {

        static ChatModelBackend backend(String id, String model, ProviderUrl baseUrl, String apiKey, Duration timeout) {
            AnthropicChatModel chatModel = AnthropicChatModel.builder()
                    .baseUrl(baseUrl.url())
                    .customHeaders(baseUrl.headers())
                    .apiKey(apiKey)
                    .modelName(model)
                    .timeout(timeout)
                    .maxRetries(0)
                    .logRequests(false)
                    .logResponses(false)
                    .build();
            AnthropicStreamingChatModel streamingModel = AnthropicStreamingChatModel.builder()
                    .baseUrl(baseUrl.url())
                    .customHeaders(baseUrl.headers())
                    .apiKey(apiKey)
                    .modelName(model)
                    .timeout(timeout)
                    .logRequests(false)
                    .logResponses(false)
                    .build();
            List<String> secrets = new ArrayList<>(baseUrl.secrets());
            secrets.add(apiKey);
            return ChatModelBackend.builder(id, chatModel).streamingModel(streamingModel).streamTimeout(timeout)
                    .modelName(model).jsonMode(JsonMode.INSTRUCTION_ONLY).secrets(secrets).build();
        }
    }
}
