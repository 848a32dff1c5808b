package dev.keel.langchain4j;

import dev.keel.core.ConfigurationException;
import dev.keel.core.spi.LlmBackend;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.StreamingChatModel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * An {@link LlmBackend} over any langchain4j {@link ChatModel}, so every provider langchain4j supports can serve
 * Keel.
 *
 * <p>One {@link #chat} is one {@code ChatModel.chat} call: messages and options are translated, the reply's text,
 * token usage, model name and finish reason are read back, and {@link #id()} is reported as the backend that
 * answered. A leading {@code <think>...</think>} block (reasoning models such as {@code deepseek-r1}) is removed
 * from the text. Every failure of the model becomes a {@link dev.keel.core.RetriableBackendException} (timeouts,
 * refused connections, HTTP 408, 429, 5xx) or a {@link dev.keel.core.NonRetriableBackendException} (anything
 * else, including a reply body that is not valid JSON of the provider's protocol); their messages quote the
 * provider only after removing every registered secret and anything shaped like an API key or bearer token.
 * This backend does not retry: wrap it with {@link dev.keel.models.RetryPolicy#wrap}.
 *
 * <p>Given a langchain4j {@link StreamingChatModel} as well ({@link Builder#streamingModel}, as the provider factories
 * do), it streams: the provider's chunks reach the sink on the caller's thread as they arrive (a leading think block
 * held back and removed), then the reply with the usage and model the provider reported; a cancelled handle or a
 * stream silent for longer than {@link Builder#streamTimeout} closes the connection. Failures are classified as for
 * {@code chat}, before the first chunk as after.
 *
 * <p>Not pure: a call is the model's I/O. Thread-safe when the wrapped {@code ChatModel} is (langchain4j's
 * provider models are).
 */
public interface ChatModelBackend extends LlmBackend {

    /** How long a stream waits for the provider's next event unless {@link Builder#streamTimeout} says otherwise. */
    Duration DEFAULT_STREAM_TIMEOUT = Duration.ofSeconds(60);

    /** The backend id, as reported in {@code ChatReply.backendId()} and provenance ({@code backend_used}). */
    @Override
    String id();

    /** The model this backend asks for: what prices are looked up by. */
    String modelName();

    /** The wrapped model. */
    ChatModel chatModel();

    /**
     * The model that streams this backend's replies, when it has one: then
     * {@link #stream(dev.keel.core.spi.ChatRequest, dev.keel.core.spi.StreamSink, dev.keel.core.spi.StreamHandle)}
     * passes the provider's chunks on as they arrive; without one, a stream is the whole reply as one chunk.
     */
    default Optional<StreamingChatModel> streamingModel() {
        return Optional.empty();
    }

    JsonMode jsonMode();

    /** A builder for a backend named {@code id} over {@code model}. */
    static Builder builder(String id, ChatModel model) {
        return new Builder(id, model);
    }

    /** Collects a backend's settings; not thread-safe. */
    final class Builder {
        private final String id;
        private final ChatModel model;
        private @Nullable String modelName;
        private JsonMode jsonMode = JsonMode.NATIVE;
        private final List<String> secrets = new ArrayList<>();
        private @Nullable StreamingChatModel streamingModel;
        private Duration streamTimeout = DEFAULT_STREAM_TIMEOUT;

        private Builder(String id, ChatModel model) {
            this.id = Objects.requireNonNull(id, "id");
            this.model = Objects.requireNonNull(model, "model");
            if (id.isBlank()) {
                throw new ConfigurationException("a backend id must not be blank");
            }
        }

        /**
         * The model name for pricing; by default the model's own default request parameter, else the backend id.
         */
        public Builder modelName(String modelName) {
            this.modelName = Objects.requireNonNull(modelName, "modelName");
            return this;
        }

        public Builder jsonMode(JsonMode jsonMode) {
            this.jsonMode = Objects.requireNonNull(jsonMode, "jsonMode");
            return this;
        }

        /**
         * The model that streams the same provider and model as the chat model (langchain4j's
         * {@code OllamaStreamingChatModel} beside an {@code OllamaChatModel}, say): the provider's chunks reach a
         * stream's sink as they arrive, with the same translation, failures and secrets as {@link #chat}.
         */
        public Builder streamingModel(StreamingChatModel streamingModel) {
            this.streamingModel = Objects.requireNonNull(streamingModel, "streamingModel");
            return this;
        }

        /**
         * How long a stream may wait for the provider's next event (the first chunk included) before it fails as timed
         * out (retriable), its connection closed; default 60 seconds. The provider factories give their timeout.
         */
        public Builder streamTimeout(Duration streamTimeout) {
            if (streamTimeout.isNegative() || streamTimeout.isZero()) {
                throw new ConfigurationException("a stream timeout must be positive");
            }
            this.streamTimeout = streamTimeout;
            return this;
        }

        /** Values (API keys, tokens) that must never appear in an exception message of this backend. */
        public Builder secrets(Collection<String> values) {
            values.forEach(value -> secrets.add(Objects.requireNonNull(value, "secret")));
            return this;
        }

        public ChatModelBackend build() {
            String name = modelName;
            if (name == null) {
                String declared = model.defaultRequestParameters() == null ? null : model.defaultRequestParameters().modelName();
                name = declared == null || declared.isBlank() ? id : declared;
            }
            return new LangChainChatModelBackend(id, model, name, jsonMode, secrets, streamingModel, streamTimeout);
        }
    }
}
