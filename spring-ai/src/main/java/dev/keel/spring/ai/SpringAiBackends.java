package dev.keel.spring.ai;

import dev.keel.core.spi.LlmBackend;
import java.util.Objects;
import org.springframework.ai.chat.model.ChatModel;

/**
 * Spring AI chat models as Keel backends, for a host that builds its own {@code Pipeline} (with
 * {@code Backends.builder().internal(name, backend).external(name, backend)}) rather than
 * {@link KeelAdvisor#pipeline}. Stateless.
 */
public final class SpringAiBackends {

    private SpringAiBackends() {
    }

    /**
     * {@code model} as the backend {@code id}: each Keel request becomes one Spring AI prompt (a message per Keel
     * message, its parts rendered as text; the temperature and output limit as options, the model's other options as
     * the host configured them), and the reply's text, usage and model name come back. Streams when the model streams.
     * A failure of the model, after the retries its provider client runs, is Keel's non-retriable backend exception,
     * so that the governed call falls back at once. Thread-safe when the model is.
     *
     * @throws dev.keel.core.ConfigurationException when {@code model} has tools of its own (tool callbacks or tool
     *         names in its default options): it would run them within one call and send their results to its
     *         provider without the governed call reading them
     */
    public static LlmBackend backend(String id, ChatModel model) {
        return new SpringAiChatBackend(Objects.requireNonNull(id, "id"), Objects.requireNonNull(model, "model"));
    }
}
