package dev.keel.models.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.ConfigurationException;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.LlmBackend;
import dev.keel.models.Environment;
import dev.keel.models.RetryPolicy;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The registry of provider kinds and the configuration model built in code, checked as the file is. */
class ProviderKindsTest {

    /** A kind that runs no model and takes no endpoint, as the embedded one, and answers with its settings. */
    private static ProviderKind kind(String name) {
        return new ProviderKind() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public boolean takesModel() {
                return false;
            }

            @Override
            public boolean takesEndpoint() {
                return false;
            }

            @Override
            public LlmBackend create(ProviderSettings settings) {
                return request -> ChatReply.builder().backendId(name + "_backend").text(settings.toString()).build();
            }
        };
    }

    @Test
    void aHostsKindIsFoundByNameAfterTheBuiltInOnes() {
        ProviderKinds kinds = ProviderKinds.builtIn().with(kind("rules-engine"));

        assertThat(kinds.names()).containsExactly("ollama", "openai", "anthropic", "embedded", "rules-engine");
        assertThat(kinds.find("rules-engine")).isPresent();
        assertThat(kinds.find("openai")).containsSame(ProviderKind.OPENAI);
    }

    @Test
    void aKindNeedsAFreeNameOfTheRightShape() {
        assertThatThrownBy(() -> ProviderKinds.builtIn().with(kind("ollama"))).isInstanceOf(ConfigurationException.class)
                .hasMessage("provider kind 'ollama' is registered twice");
        for (String name : List.of("", "Ollama", "9b", "my kind")) {
            assertThatThrownBy(() -> ProviderKinds.builtIn().with(kind(name))).as(name)
                    .isInstanceOf(ConfigurationException.class).hasMessageContaining("a kind's name is lower-case");
        }
        assertThat(ProviderKinds.builtIn().with(ProviderKind.EMBEDDED).names()).as("the same kind again is no conflict")
                .hasSize(4);
    }

    @Test
    void aConfigurationBuiltInCodeIsResolvedAsAFileIs() {
        ProviderKind rules = kind("rules-engine");
        LlmConfig config = LlmConfig.builder()
                .provider(new ProviderConfig("engine", rules, true, null, null, null, Duration.ofSeconds(3)))
                .role(new RoleConfig("desk", "engine", null, List.of())).build();

        ChatReply reply = ConfiguredBackends.create(config, Environment.of(Map.of())).backend("desk")
                .chat(ChatRequest.ofUserMessage("hi"));

        assertThat(reply.backendId()).isEqualTo("rules-engine_backend");
        assertThat(reply.text()).isEqualTo("ProviderSettings[id=desk, model=null, baseUrl=null, apiKey=null,"
                + " timeout=PT3S]");
    }

    @Test
    void aConfigurationBuiltInCodeIsCheckedAsTheFileIsAndItsVariablesNamedByItsLabels() {
        LlmConfig.Labels spring = new LlmConfig.Labels("keel.backends.%1$s", "keel.backends.%2$s");
        ProviderConfig ollama = new ProviderConfig("desk", ProviderKind.OLLAMA, true, null, null, null,
                Duration.ofSeconds(1));

        assertThatThrownBy(() -> LlmConfig.builder().labels(spring).provider(ollama)
                .role(new RoleConfig("desk", "desk", null, List.of())).build())
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("/models/roles/desk/model: required: the NAME of the environment variable that holds the"
                        + " model name");
        assertThatThrownBy(() -> LlmConfig.builder().provider(ollama)
                .role(new RoleConfig("desk", "other", "M", List.of())).build())
                .hasMessage("/models/roles/desk/provider: names no provider: 'other' is not under /providers");
        assertThatThrownBy(() -> LlmConfig.builder().provider(ollama)
                .role(new RoleConfig("desk", "desk", "M", List.of("desk"))).build())
                .hasMessage("/models/roles/desk/fallback/0: repeats a role already in the chain: 'desk'");
        assertThatThrownBy(() -> LlmConfig.builder().provider(new ProviderConfig("claude", ProviderKind.ANTHROPIC,
                true, null, null, null, Duration.ofSeconds(1))).role(new RoleConfig("desk", "claude", "M", List.of()))
                .build())
                .hasMessage("/providers/claude/api_key_env: required for an anthropic provider");
        assertThatThrownBy(() -> LlmConfig.builder().provider(new ProviderConfig("desk", ProviderKind.OLLAMA, true,
                null, null, null, Duration.ofHours(2))).role(new RoleConfig("desk", "desk", "llama3.1", List.of()))
                .retry(new RetryPolicy(1, Duration.ofMillis(1), 11, Duration.ofMillis(1))).build())
                .as("the schema's messages, as for the file")
                .hasMessage("/models/roles/desk/model: must be the NAME of an environment variable holding the model"
                        + " name (letters, digits, underscores), for example KEEL_LLAMA_MODEL; "
                        + "/providers/desk/timeout_ms: must be an integer from 1 to 3600000, found the number 7200000; "
                        + "/retry/multiplier: must be a number from 1 to 10, found the number 11.0");

        ProviderConfig lab = new ProviderConfig("desk", new ProviderKind() {
            @Override
            public String name() {
                return "lab";
            }

            @Override
            public LlmBackend create(ProviderSettings settings) {
                return kind("lab").create(settings);
            }
        }, true, null, null, null, Duration.ofSeconds(1));
        assertThatThrownBy(() -> ConfiguredBackends.create(LlmConfig.builder().labels(spring).provider(lab)
                .role(new RoleConfig("desk", "desk", "DESK_MODEL", List.of())).build(), Environment.of(Map.of()))
                .modelName("desk"))
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("environment variable DESK_MODEL is not set (the model name of keel.backends.desk)");
    }
}
