package dev.keel.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.LlmBackend;
import dev.keel.models.Environment;
import dev.keel.models.OllamaHost;
import dev.keel.models.RetryPolicy;
import dev.keel.models.Sleeper;
import dev.keel.models.structured.OutputValidator;
import dev.keel.models.structured.OutputViolation;
import dev.keel.models.structured.StructuredOutput;
import dev.keel.models.structured.StructuredResult;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;

/**
 * Live round trips against real providers. Each test runs only when its variables are set:
 * {@code KEEL_LIVE_OLLAMA_MODEL} (with {@code OLLAMA_HOST} as usual), {@code OPENAI_API_KEY} (model
 * {@code KEEL_LIVE_OPENAI_MODEL}, default gpt-4o-mini), {@code ANTHROPIC_API_KEY} (model
 * {@code KEEL_LIVE_ANTHROPIC_MODEL}, default claude-haiku-4-5). Run with
 * {@code mvn -pl langchain4j -am verify -Dtest='*IT' -Dsurefire.failIfNoSpecifiedTests=false}.
 */
class LiveProvidersIT {

    private static final Environment ENV = Environment.system();
    private static final Duration TIMEOUT = Duration.ofSeconds(120);

    private static final OutputValidator SUMMARY = output -> output.get("summary") instanceof String
            ? List.of() : List.of(new OutputViolation("missing_field", "/summary", "summary must be a string"));

    @Test
    @EnabledIfEnvironmentVariable(named = "KEEL_LIVE_OLLAMA_MODEL", matches = ".+")
    void ollama() {
        String model = ENV.require("KEEL_LIVE_OLLAMA_MODEL", "the Ollama model to test");
        roundTrip(OllamaBackends.create("llama", model, OllamaHost.baseUrl(ENV), TIMEOUT));
    }

    @Test
    @EnabledIfEnvironmentVariable(named = "OPENAI_API_KEY", matches = ".+")
    void openAi() {
        String model = ENV.value("KEEL_LIVE_OPENAI_MODEL").orElse("gpt-4o-mini");
        roundTrip(OpenAiBackends.create("gpt", model, OpenAiBackends.OPENAI_BASE_URL,
                ENV.require("OPENAI_API_KEY", "the OpenAI key"), TIMEOUT));
    }

    @Test
    @EnabledIfEnvironmentVariable(named = "ANTHROPIC_API_KEY", matches = ".+")
    void anthropic() {
        String model = ENV.value("KEEL_LIVE_ANTHROPIC_MODEL").orElse("claude-haiku-4-5");
        roundTrip(AnthropicBackends.create("master", model, null, ENV.require("ANTHROPIC_API_KEY", "the Anthropic key"), TIMEOUT));
    }

    private static void roundTrip(ChatModelBackend model) {
        LlmBackend backend = RetryPolicy.DEFAULT.wrap(model, Sleeper.system());

        var reply = backend.chat(ChatRequest.builder().addMessage(dev.keel.core.spi.ChatMessage.user("Say hello in one word."))
                .maxOutputTokens(20).build());
        assertThat(reply.text()).isNotBlank();
        assertThat(reply.backendId()).isEqualTo(model.id());
        assertThat(reply.usage().totalTokens()).isPositive();

        StructuredResult structured = StructuredOutput.create(backend, SUMMARY).call(ChatRequest.builder()
                .addMessage(dev.keel.core.spi.ChatMessage.user("Return {\"summary\": <one sentence about ships>}."))
                .maxOutputTokens(200).build());
        assertThat(structured.valid()).as(structured.toWire().toString()).isTrue();
    }
}
