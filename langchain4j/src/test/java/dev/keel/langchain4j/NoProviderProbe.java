package dev.keel.langchain4j;

import dev.keel.core.ConfigurationException;
import dev.keel.core.spi.ChatRequest;
import dev.keel.models.Environment;
import dev.keel.models.OllamaHost;
import dev.keel.models.config.ConfiguredBackends;
import dev.keel.models.config.LlmConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Runs inside a class loader that has keel-models, keel-langchain4j and langchain4j-core but no provider module, and reports
 * what each entry point did, one line each. Loaded by {@link NoProviderOnTheClassPathTest} only.
 */
public final class NoProviderProbe implements Supplier<List<String>> {

    private static final String CONFIG = "{"
            + "\"providers\": {\"ollama\": {}, \"anthropic\": {\"api_key_env\": \"ANTHROPIC_API_KEY\"},"
            + " \"openai\": {}, \"embedded\": {}},"
            + "\"models\": {\"roles\": {"
            + " \"llama\": {\"provider\": \"ollama\", \"model\": \"KEEL_LLAMA_MODEL\", \"fallback\": [\"internal\"]},"
            + " \"master\": {\"provider\": \"anthropic\", \"model\": \"KEEL_MASTER_MODEL\"},"
            + " \"gpt\": {\"provider\": \"openai\", \"model\": \"KEEL_GPT_MODEL\"},"
            + " \"internal\": {\"provider\": \"embedded\"}}}}";

    public NoProviderProbe() {
    }

    @Override
    public List<String> get() {
        List<String> lines = new ArrayList<>();
        lines.add("constants " + OpenAiBackends.OPENAI_BASE_URL + " " + AnthropicBackends.ANTHROPIC_BASE_URL);
        lines.add("available " + OllamaBackends.isAvailable() + " " + OpenAiBackends.isAvailable() + " " + AnthropicBackends.isAvailable());
        Environment environment = Environment.of(Map.of("OLLAMA_HOST", "127.0.0.1:9", "KEEL_LLAMA_MODEL", "llama3.1",
                "KEEL_MASTER_MODEL", "claude-sonnet-4-5", "KEEL_GPT_MODEL", "gpt-4o-mini", "ANTHROPIC_API_KEY", "sk-ant-x"));
        lines.add("ollama " + attempt(() -> OllamaBackends.create("llama", "llama3.1", OllamaHost.baseUrl(environment),
                Duration.ofSeconds(1)).id()));
        lines.add("openai " + attempt(() -> OpenAiBackends.create("gpt", "gpt-4o-mini", OpenAiBackends.OPENAI_BASE_URL, null,
                Duration.ofSeconds(1)).id()));
        lines.add("anthropic " + attempt(() -> AnthropicBackends.create("master", "claude", null, "k", Duration.ofSeconds(1)).id()));
        ConfiguredBackends backends = ConfiguredBackends.create(LlmConfig.parse(CONFIG), environment, duration -> { });
        lines.add("roles " + backends.roles());
        lines.add("role internal " + attempt(() -> backends.backend("internal").id()));
        lines.add("role master " + attempt(() -> backends.backend("master").id()));
        lines.add("role gpt " + attempt(() -> backends.backend("gpt").id()));
        lines.add("role llama " + attempt(() -> backends.backend("llama").id()));
        lines.add("chat model backend " + attempt(() -> ChatModelBackend.builder("fake", new FakeChatModel()).build()
                .chat(ChatRequest.ofUserMessage("hi")).text()));
        return lines;
    }

    private static String attempt(Supplier<String> action) {
        try {
            return "ok " + action.get();
        } catch (ConfigurationException e) {
            return "ConfigurationException " + e.getMessage();
        } catch (RuntimeException | LinkageError e) {
            return e.getClass().getName() + " " + e.getMessage();
        }
    }

    /** A model that answers "pong": langchain4j-core alone is enough to wrap any ChatModel. */
    private static final class FakeChatModel implements dev.langchain4j.model.chat.ChatModel {
        @Override
        public dev.langchain4j.model.chat.response.ChatResponse doChat(dev.langchain4j.model.chat.request.ChatRequest request) {
            return dev.langchain4j.model.chat.response.ChatResponse.builder()
                    .aiMessage(dev.langchain4j.data.message.AiMessage.from("pong")).build();
        }
    }
}
