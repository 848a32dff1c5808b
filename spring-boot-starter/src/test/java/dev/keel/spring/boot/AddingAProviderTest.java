package dev.keel.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.keel.core.ConfigurationException;
import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.LlmBackend;
import dev.keel.models.Environment;
import dev.keel.models.config.ConfiguredBackends;
import dev.keel.models.config.LlmConfig;
import dev.keel.models.config.ProviderKind;
import dev.keel.models.config.ProviderKinds;
import dev.keel.models.config.ProviderSettings;
import dev.keel.pipeline.GovernedAnswer;
import dev.keel.pipeline.GovernedRequest;
import dev.keel.pipeline.Pipeline;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * A provider added in one place, {@link LabProviderKind} (one class and its line for {@link java.util.ServiceLoader}),
 * and used by both configuration paths with nothing else to change: {@code llm.config.json} read by
 * {@link LlmConfig} and {@code keel.backends} read by the starter in a real Spring context. Both resolve the same
 * things the same way: the model name, base URL and API key from the variables they name, the timeout, the retries.
 */
class AddingAProviderTest {

    private static final Principal AGENT = Principal.of("agent", "internal");

    private static final String CONFIG = """
            {
              "providers": {
                "lab": {"kind": "lab", "base_url_env": "LAB_URL", "api_key_env": "LAB_KEY", "timeout_ms": 7000}
              },
              "models": {"roles": {"desk": {"provider": "lab", "model": "LAB_MODEL"}}},
              "retry": {"max_attempts": 2, "initial_backoff_ms": 0}
            }
            """;

    @TempDir
    Path directory;

    @BeforeEach
    void forgetEarlierBackends() {
        LabProviderKind.BUILT.clear();
        LabProviderKind.CALLS.clear();
    }

    @Test
    void theKindIsFoundByNameWithoutBeingNamedInCode() {
        assertThat(ProviderKinds.defaults().names()).containsExactly("ollama", "openai", "anthropic", "embedded", "lab");
        assertThat(ProviderKinds.builtIn().find("lab")).isEmpty();
    }

    @Test
    void llmConfigJsonUsesTheAddedKind() {
        List<Duration> waits = new ArrayList<>();
        ConfiguredBackends backends = ConfiguredBackends.create(LlmConfig.parse(CONFIG), Environment.of(Map.of(
                "LAB_MODEL", "lab-7b", "LAB_URL", "http://127.0.0.1:7400/v1", "LAB_KEY", LabProviderKind.KEY)),
                waits::add);

        ChatReply reply = backends.backend("desk").chat(ChatRequest.ofUserMessage("How long does a refund take?"));

        assertThat(reply.backendId()).isEqualTo("desk");
        assertThat(reply.text()).isEqualTo("lab lab-7b at http://127.0.0.1:7400/v1 (key accepted): How long does a"
                + " refund take?");
        assertThat(LabProviderKind.CALLS).as("the configured retry").containsExactly("desk", "desk");
        assertThat(waits).containsExactly(Duration.ZERO);
        assertThat(LabProviderKind.BUILT.get("desk").timeout()).isEqualTo(Duration.ofSeconds(7));
        assertThat(backends.modelName("desk")).isEqualTo("lab-7b");
    }

    @Test
    void llmConfigJsonChecksWhatTheKindRequires() {
        assertThatThrownBy(() -> LlmConfig.parse(CONFIG.replace("\"api_key_env\": \"LAB_KEY\", ", "")))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageStartingWith("/providers/lab/api_key_env: required for a lab provider");
        assertThatThrownBy(() -> LlmConfig.parse(CONFIG.replace("\"kind\": \"lab\"", "\"kind\": \"labs\"")))
                .isInstanceOf(ConfigurationException.class).hasMessageStartingWith(
                        "/providers/lab/kind: must be one of ollama, openai, anthropic, embedded, lab, found 'labs'");
    }

    private ApplicationContextRunner application() {
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(KeelAutoConfiguration.class))
                .withPropertyValues("keel.policy=classpath:keel/desk-policy.json",
                        "keel.routing=classpath:keel/desk-routing.json",
                        "keel.backends.desk.placement=internal", "keel.backends.desk.provider=lab",
                        "keel.backends.desk.model-env=LAB_MODEL", "keel.backends.desk.base-url-env=LAB_URL",
                        "keel.backends.desk.api-key-env=LAB_KEY", "keel.backends.desk.timeout=7s",
                        "keel.retry.max-attempts=2", "keel.retry.initial-backoff=0ms",
                        "keel.store.url=jdbc:sqlite:" + directory.resolve("keel.db"));
    }

    @Test
    void springPropertiesUseTheAddedKind() {
        application().withPropertyValues("LAB_MODEL=lab-7b", "LAB_URL=http://127.0.0.1:7400/v1",
                "LAB_KEY=" + LabProviderKind.KEY).run(context -> {
                    assertThat(context).hasNotFailed();

                    GovernedAnswer answer = context.getBean(Pipeline.class).call(GovernedRequest.of(AGENT,
                            "How long does a refund take?"));

                    assertThat(answer.decision()).isEqualTo(Decision.ALLOW);
                    assertThat(answer.provenance().backendUsed()).isEqualTo("desk");
                    assertThat(answer.text()).startsWith("lab lab-7b at http://127.0.0.1:7400/v1 (key accepted): ")
                            .contains("How long does a refund take?");
                    assertThat(LabProviderKind.CALLS).as("keel.retry").containsExactly("desk", "desk");
                    assertThat(LabProviderKind.BUILT.get("desk").timeout()).isEqualTo(Duration.ofSeconds(7));
                });
    }

    @Test
    void springPropertiesNameTheMissingVariableAndWhatTheKindRequires() {
        application().withPropertyValues("LAB_URL=http://127.0.0.1:7400/v1", "LAB_KEY=" + LabProviderKind.KEY)
                .run(context -> assertThat(context).getFailure().rootCause()
                        .isInstanceOf(ConfigurationException.class)
                        .hasMessage("environment variable LAB_MODEL is not set (the model name of keel.backends.desk)"));
        application().withPropertyValues("LAB_MODEL=lab-7b", "LAB_KEY=" + LabProviderKind.KEY)
                .run(context -> assertThat(context).getFailure().rootCause()
                        .hasMessage("environment variable LAB_URL is not set (the base URL of keel.backends.desk)"));
        application().withPropertyValues("keel.backends.desk.api-key-env=", "LAB_MODEL=lab-7b")
                .run(context -> assertThat(context).getFailure().rootCause().hasMessage(
                        "keel.backends.desk.api-key-env: required for a lab provider"));
        application().withPropertyValues("keel.backends.desk.provider=labs")
                .run(context -> assertThat(context).getFailure().rootCause().hasMessage("keel.backends.desk.provider:"
                        + " must be one of ollama, openai, anthropic, embedded, lab, found 'labs'"));
    }

    /**
     * The properties of a backend are read through the format of {@code llm.config.json}: the same mistake made in a
     * property and in the file's member gets the same message, which names the property in the one and the JSON
     * pointer in the other.
     */
    @ParameterizedTest(name = "{2}")
    @CsvSource(delimiter = '|', value = {
        "\"model\": \"LAB_MODEL\"|\"model\": \"lab-7b\"|keel.backends.desk.model-env=lab-7b"
            + "|/models/roles/desk/model|keel.backends.desk.model-env",
        ", \"model\": \"LAB_MODEL\"||keel.backends.desk.model-env="
            + "|/models/roles/desk/model|keel.backends.desk.model-env",
        "\"api_key_env\": \"LAB_KEY\", ||keel.backends.desk.api-key-env="
            + "|/providers/desk/api_key_env|keel.backends.desk.api-key-env",
        "\"api_key_env\": \"LAB_KEY\"|\"api_key_env\": \"sk-lab-1\"|keel.backends.desk.api-key-env=sk-lab-1"
            + "|/providers/desk/api_key_env|keel.backends.desk.api-key-env",
        "\"kind\": \"lab\"|\"kind\": \"labs\"|keel.backends.desk.provider=labs"
            + "|/providers/desk/kind|keel.backends.desk.provider",
        "\"timeout_ms\": 7000|\"timeout_ms\": 0|keel.backends.desk.timeout=0s"
            + "|/providers/desk/timeout_ms|keel.backends.desk.timeout",
        "\"timeout_ms\": 7000|\"timeout_ms\": 7000.5|keel.backends.desk.timeout=7000500us"
            + "|/providers/desk/timeout_ms|keel.backends.desk.timeout",
        "\"base_url_env\": \"LAB_URL\"|\"base_url_env\": \"LAB_URL\", \"base_url\": \"http://127.0.0.1:9\""
            + "|keel.backends.desk.base-url=http://127.0.0.1:9|/providers/desk|keel.backends.desk",
        "\"max_attempts\": 2|\"max_attempts\": 50|keel.retry.max-attempts=50|/retry/max_attempts"
            + "|keel.retry.max-attempts",
        "\"initial_backoff_ms\": 0|\"initial_backoff_ms\": -1|keel.retry.initial-backoff=-1ms"
            + "|/retry/initial_backoff_ms|keel.retry.initial-backoff",
    })
    void aBadPropertyAndABadMemberOfTheFileGetTheSameMessage(String member, String changed, String property,
            String pointer, String name) {
        String config = CONFIG.replace("\"lab\": {", "\"desk\": {").replace("\"provider\": \"lab\"",
                "\"provider\": \"desk\"");
        String file = config.replace(member, changed == null ? "" : changed);
        assertThat(file).as("the case changes the file").isNotEqualTo(config);

        Throwable fromFile = catchThrowable(() -> LlmConfig.parse(file));
        assertThat(fromFile).isInstanceOf(ConfigurationException.class).hasMessageStartingWith(pointer + ": ");
        String message = fromFile.getMessage().substring(pointer.length() + 2);

        application().withPropertyValues("LAB_MODEL=lab-7b", "LAB_URL=http://127.0.0.1:7400/v1", property)
                .run(context -> assertThat(context).getFailure().rootCause()
                        .isInstanceOf(ConfigurationException.class).hasMessage(name + ": " + message));
    }

    @Test
    void aKeyGivenWhereTheNameOfItsVariableBelongsIsNotRepeated() {
        String key = "sk-lab-" + LabProviderKind.KEY;
        application().withPropertyValues("LAB_MODEL=lab-7b", "keel.backends.desk.api-key-env=" + key)
                .run(context -> {
                    assertThat(context).getFailure().rootCause().isInstanceOf(ConfigurationException.class)
                            .hasMessageStartingWith("keel.backends.desk.api-key-env: must be the name of an environment"
                                    + " variable");
                    for (Throwable failure = context.getStartupFailure(); failure != null; failure = failure.getCause()) {
                        assertThat(String.valueOf(failure.getMessage())).doesNotContain(key);
                    }
                });
    }

    /** A kind the application defines as a bean: no service file, found by the starter alone. */
    @Configuration(proxyBeanMethods = false)
    static class BeanKind {
        @Bean
        ProviderKind echoKind() {
            return new ProviderKind() {
                @Override
                public String name() {
                    return "echo";
                }

                @Override
                public boolean takesEndpoint() {
                    return false;
                }

                @Override
                public LlmBackend create(ProviderSettings settings) {
                    return request -> ChatReply.builder().backendId(settings.id())
                            .text("echo " + settings.model()).build();
                }
            };
        }
    }

    @Test
    void anApplicationsProviderKindBeanIsAProviderToo() {
        application().withUserConfiguration(BeanKind.class)
                .withPropertyValues("keel.backends.desk.provider=echo", "keel.backends.desk.base-url-env=",
                        "keel.backends.desk.api-key-env=", "LAB_MODEL=echo-1")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    GovernedAnswer answer = context.getBean(Pipeline.class).call(GovernedRequest.of(AGENT,
                            "How long does a refund take?"));
                    assertThat(answer.text()).isEqualTo("echo echo-1");
                    assertThat(answer.provenance().backendUsed()).isEqualTo("desk");
                });
    }
}
