package dev.keel.llm.adapters;

import dev.keel.core.ConfigurationException;
import dev.keel.core.spi.LlmBackend;
import dev.keel.llm.adapters.internal.LangChainChatModelBackend;
import dev.langchain4j.model.chat.ChatModel;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
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
 * This backend does not retry: wrap it with {@link RetryPolicy#wrap}.
 *
 * <p>Not pure: a call is the model's I/O. Thread-safe when the wrapped {@code ChatModel} is (langchain4j's
 * provider models are).
 */
public interface ChatModelBackend extends LlmBackend {

    /** The backend id, as reported in {@code ChatReply.backendId()} and provenance ({@code backend_used}). */
    @Override
    String id();

    /** The model this backend asks for: what prices are looked up by. */
    String modelName();

    /** The wrapped model. */
    ChatModel chatModel();

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
            return new LangChainChatModelBackend(id, model, name, jsonMode, secrets);
        }
    }
}
