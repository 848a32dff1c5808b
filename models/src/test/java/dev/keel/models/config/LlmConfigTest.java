package dev.keel.models.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.ConfigurationException;
import dev.keel.models.ModelPrice;
import dev.keel.models.RetryPolicy;
import dev.keel.test.properties.Gen;
import dev.keel.test.properties.Property;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

public class LlmConfigTest {

    /** The example configuration, {@code llm.config.json}; keel-langchain4j's tests resolve it against its clients. */
    public static String example() {
        try (InputStream in = LlmConfigTest.class.getResourceAsStream("/llm.config.json")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void readsTheExample() {
        LlmConfig config = LlmConfig.parse(example());

        assertThat(config.providers().keySet()).containsExactly("ollama", "anthropic", "openai", "xai", "embedded");
        ProviderConfig xai = config.providers().get("xai");
        assertThat(xai.kind()).isEqualTo(ProviderKind.OPENAI);
        assertThat(xai.enabled()).isFalse();
        assertThat(xai.baseUrlOption()).contains("https://api.x.ai/v1");
        assertThat(config.providers().get("ollama").timeout()).isEqualTo(Duration.ofMinutes(2));
        assertThat(config.providers().get("anthropic").timeout()).isEqualTo(Duration.ofSeconds(60));
        assertThat(config.providers().get("embedded").kind()).isEqualTo(ProviderKind.EMBEDDED);
        assertThat(config.roles().get("llama")).isEqualTo(new RoleConfig("llama", "ollama", "KEEL_LLAMA_MODEL", List.of("internal_chatgpt")));
        assertThat(config.roles().get("internal_chatgpt").modelEnvOption()).isEmpty();
        assertThat(config.prices().priceOf("claude-sonnet-4-5")).contains(ModelPrice.of("3.00", "15.00"));
        assertThat(config.policy().get("normalMaxUsd")).isEqualTo(PolicyValue.of(new BigDecimal("0.10")));
        assertThat(config.policy().get("deepMaxUsd")).isEqualTo(new PolicyValue(null, "KEEL_DEEP_MAX_USD", new BigDecimal("0.50")));
        assertThat(config.retry()).isEqualTo(new RetryPolicy(3, Duration.ofMillis(250), 2.0, Duration.ofSeconds(4)));
    }

    @Test
    void aMinimalFileTakesDefaults() {
        LlmConfig config = LlmConfig.parse("{\"providers\": {\"embedded\": {}}, \"models\": {\"roles\": {\"internal\": {\"provider\": \"embedded\"}}}}");

        assertThat(config.retry()).isEqualTo(RetryPolicy.DEFAULT);
        assertThat(config.prices().prices()).isEmpty();
        assertThat(config.policy()).isEmpty();
    }

    @ParameterizedTest(name = "[{index}] {1}")
    @CsvSource(delimiter = '|', value = {
        "[]"
            + "| the LLM configuration is not a valid JSON object",
        "{\"providers\": {}, \"models\": {\"roles\": {}}}"
            + "| /models/roles: must name at least one role; /providers: must name at least one provider",
        "{\"models\": {\"roles\": {\"r\": {\"provider\": \"embedded\"}}}}"
            + "| /providers: is required",
        "{\"providers\": {\"ollama\": {}}, \"models\": {\"roles\": {\"r\": {\"provider\": \"ollama\", \"model\": \"M\"}}}, \"budget\": 1}"
            + "| /budget: unknown key; expected one of description, models, policy, pricing, providers, retry",
        "{\"providers\": {\"local\": {}}, \"models\": {\"roles\": {\"r\": {\"provider\": \"local\"}}}}"
            + "| /providers/local/kind: required when the provider's name is not one of",
        "{\"providers\": {\"ollama\": {\"kind\": \"gemini\"}}, \"models\": {\"roles\": {\"r\": {\"provider\": \"ollama\", \"model\": \"M\"}}}}"
            + "| /providers/ollama/kind: must be one of ollama, openai, anthropic, embedded",
        "{\"providers\": {\"local\": {\"kind\": 7}}, \"models\": {\"roles\": {\"r\": {\"provider\": \"local\"}}}}"
            + "| /providers/local/kind: must be a non-blank string, found the number 7",
        "{\"providers\": {\"ollama\": {\"enabled\": \"yes\"}}, \"models\": {\"roles\": {\"r\": {\"provider\": \"ollama\", \"model\": \"M\"}}}}"
            + "| /providers/ollama/enabled: must be a boolean, found 'yes'",
        "{\"providers\": {\"ollama\": {\"base_url\": \"http://a\", \"base_url_env\": \"B\"}}, \"models\": {\"roles\": {\"r\": {\"provider\": \"ollama\", \"model\": \"M\"}}}}"
            + "| /providers/ollama: give base_url or base_url_env, not both",
        "{\"providers\": {\"anthropic\": {}}, \"models\": {\"roles\": {\"r\": {\"provider\": \"anthropic\", \"model\": \"M\"}}}}"
            + "| /providers/anthropic/api_key_env: required for an anthropic provider",
        "{\"providers\": {\"anthropic\": {\"api_key_env\": \"sk-ant-123\"}}, \"models\": {\"roles\": {\"r\": {\"provider\": \"anthropic\", \"model\": \"M\"}}}}"
            + "| /providers/anthropic/api_key_env: must be the name of an environment variable",
        "{\"providers\": {\"ollama\": {\"timeout_ms\": 0}}, \"models\": {\"roles\": {\"r\": {\"provider\": \"ollama\", \"model\": \"M\"}}}}"
            + "| /providers/ollama/timeout_ms: must be an integer from 1 to 3600000, found the number 0",
        "{\"providers\": {\"ollama\": {}}, \"models\": {\"roles\": {}}}"
            + "| /models/roles: must name at least one role",
        "{\"providers\": {\"ollama\": {}}, \"models\": {\"roles\": {\"llama\": {\"provider\": \"olama\", \"model\": \"M\"}}}}"
            + "| /models/roles/llama/provider: names no provider: 'olama' is not under /providers",
        "{\"providers\": {\"ollama\": {}}, \"models\": {\"roles\": {\"llama\": {\"provider\": \"ollama\"}}}}"
            + "| /models/roles/llama/model: required: the NAME of the environment variable",
        "{\"providers\": {\"ollama\": {}}, \"models\": {\"roles\": {\"llama\": {\"provider\": \"ollama\", \"model\": \"llama3.1\"}}}}"
            + "| /models/roles/llama/model: must be the NAME of an environment variable holding the model name",
        "{\"providers\": {\"embedded\": {}}, \"models\": {\"roles\": {\"i\": {\"provider\": \"embedded\", \"model\": \"M\"}}}}"
            + "| /models/roles/i/model: an embedded provider takes no model",
        "{\"providers\": {\"embedded\": {}}, \"models\": {\"roles\": {\"i\": {\"provider\": \"embedded\", \"fallback\": [\"j\"]}}}}"
            + "| /models/roles/i/fallback/0: names no role: 'j' is not under /models/roles",
        "{\"providers\": {\"embedded\": {}}, \"models\": {\"roles\": {\"i\": {\"provider\": \"embedded\", \"fallback\": [\"i\"]}}}}"
            + "| /models/roles/i/fallback/0: repeats a role already in the chain: 'i'",
        "{\"providers\": {\"embedded\": {}}, \"models\": {\"roles\": {\"i\": {\"provider\": \"embedded\"}}}, \"pricing\": {\"m\": {\"input_usd_per_million\": -1, \"output_usd_per_million\": 1}}}"
            + "| /pricing/m/input_usd_per_million: must be a number of at least 0, found the number -1",
        "{\"providers\": {\"embedded\": {}}, \"models\": {\"roles\": {\"i\": {\"provider\": \"embedded\"}}}, \"pricing\": {\"a/b\": {\"input_usd_per_million\": 1}}}"
            + "| /pricing/a~1b/output_usd_per_million: is required",
        "{\"providers\": {\"embedded\": {}}, \"models\": {\"roles\": {\"i\": {\"provider\": \"embedded\"}}}, \"policy\": {\"deepMaxUsd\": \"0.5\"}}"
            + "| /policy/deepMaxUsd: must be a number of at least 0, found '0.5'",
        "{\"providers\": {\"embedded\": {}}, \"models\": {\"roles\": {\"i\": {\"provider\": \"embedded\"}}}, \"policy\": {\"deepMaxUsd\": {\"default\": 1}}}"
            + "| /policy/deepMaxUsd/env: is required",
        "{\"providers\": {\"embedded\": {}}, \"models\": {\"roles\": {\"i\": {\"provider\": \"embedded\"}}}, \"retry\": {\"max_attempts\": 50}}"
            + "| /retry/max_attempts: must be an integer from 1 to 20, found the number 50",
        "{\"providers\": {\"embedded\": {}}, \"models\": {\"roles\": {\"i\": {\"provider\": \"embedded\"}}}, \"retry\": {\"multiplier\": 0.5}}"
            + "| /retry/multiplier: must be a number from 1 to 10, found the number 0.5",
    })
    void refusesAnInvalidFileNamingTheField(String json, String expected) {
        assertThatThrownBy(() -> LlmConfig.parse(json))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageStartingWith(expected.strip());
    }

    @Test
    void policyWeightsAreATableOfNumbersByRole() {
        String minimal = "{\"providers\": {\"embedded\": {}}, \"models\": {\"roles\": {\"internal\": {\"provider\": \"embedded\"}}},"
                + " \"policy\": {\"tauHard\": 0.4, \"weights\": %s}}";
        assertThat(LlmConfig.parse(String.format(minimal, "{\"internal\": 0.5}")).policy()).containsOnlyKeys("tauHard");
        assertThatThrownBy(() -> LlmConfig.parse(String.format(minimal, "{\"internal\": -1}")))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageStartingWith("/policy/weights/internal: must be a number");
    }

    @Test
    void aConfigurationMayNameItsSchema() {
        String minimal = "{\"providers\": {\"embedded\": {}}, \"models\": {\"roles\": {\"internal\": {\"provider\": \"embedded\"}}}}";
        String named = "{\"$schema\": \"https://keel.dev/schema/llm-config.schema.json\", " + minimal.substring(1);

        assertThat(LlmConfig.parse(named).roles()).isEqualTo(LlmConfig.parse(minimal).roles());
        assertThatThrownBy(() -> LlmConfig.parse("{\"$schema\": null, " + minimal.substring(1)))
                .isInstanceOf(ConfigurationException.class).hasMessageStartingWith("/$schema: must be a string");
    }

    @Test
    void everyInvalidFieldIsNamedAtOnceThenTheCrossReferencesThenWhatTheKindsTake() {
        String json = "{\"providers\": {\"ollama\": {\"enabled\": \"yes\", \"timeout\": 5}, \"local\": {}},"
                + " \"models\": {\"roles\": {\"llama\": {\"provider\": \"ollama\", \"model\": \"llama3.1\", \"fallback\": [\"nobody\"]},"
                + " \"other\": {\"provider\": \"olama\"}}},"
                + " \"retry\": {\"max_attempts\": 0, \"multiplier\": 11}}";

        assertThatThrownBy(() -> LlmConfig.parse(json))
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("/models/roles/llama/model: must be the NAME of an environment variable holding the model"
                        + " name (letters, digits, underscores), for example KEEL_LLAMA_MODEL; "
                        + "/providers/ollama/enabled: must be a boolean, found 'yes'; "
                        + "/providers/ollama/timeout: unknown key; expected one of api_key_env, base_url, base_url_env,"
                        + " description, enabled, kind, timeout_ms; "
                        + "/retry/max_attempts: must be an integer from 1 to 20, found the number 0; "
                        + "/retry/multiplier: must be a number from 1 to 10, found the number 11");

        String wellFormed = json.replace("\"enabled\": \"yes\", \"timeout\": 5", "\"enabled\": true")
                .replace("llama3.1", "KEEL_LLAMA_MODEL").replace("\"max_attempts\": 0, \"multiplier\": 11", "");
        assertThatThrownBy(() -> LlmConfig.parse(wellFormed))
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("/models/roles/llama/fallback/0: names no role: 'nobody' is not under /models/roles; "
                        + "/models/roles/other/provider: names no provider: 'olama' is not under /providers");

        String crossReferenced = wellFormed.replace("\"nobody\"", "\"other\"").replace("\"olama\"", "\"local\"");
        assertThatThrownBy(() -> LlmConfig.parse(crossReferenced))
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("/providers/local/kind: required when the provider's name is not one of ollama, openai,"
                        + " anthropic, embedded");
    }

    @Test
    void aValueWhereAVariablesNameBelongsIsRefusedWithoutBeingRepeated() {
        String key = "sk-ant-api03-Zq8x";
        String json = "{\"providers\": {\"anthropic\": {\"api_key_env\": \"" + key + "\", \"base_url_env\": \"https://u:"
                + key + "@proxy\"}}, \"models\": {\"roles\": {\"r\": {\"provider\": \"anthropic\", \"model\": \"M\"}}},"
                + " \"policy\": {\"cap\": {\"env\": \"" + key + "\"}}}";

        assertThatThrownBy(() -> LlmConfig.parse(json))
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("/policy/cap/env: must be the name of an environment variable (letters, digits, underscores),"
                        + " not a value (which is not repeated here: it may be a secret); "
                        + "/providers/anthropic/api_key_env: must be the name of an environment variable (letters, digits,"
                        + " underscores), not a value (which is not repeated here: it may be a secret); "
                        + "/providers/anthropic/base_url_env: must be the name of an environment variable (letters,"
                        + " digits, underscores), not a value (which is not repeated here: it may be a secret)")
                .hasMessageNotContaining(key);
    }

    @Test
    void aFallbackChainNamesEachRoleOnce() {
        assertThatThrownBy(() -> LlmConfig.parse("{\"providers\": {\"embedded\": {}}, \"models\": {\"roles\": {"
                + "\"i\": {\"provider\": \"embedded\", \"fallback\": [\"j\", \"k\", \"j\"]},"
                + " \"j\": {\"provider\": \"embedded\"}, \"k\": {\"provider\": \"embedded\"}}}}"))
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("/models/roles/i/fallback/2: repeats a role already in the chain: 'j'");
    }

    @Test
    void aKindThatTakesNoEndpointIsGivenNone() {
        assertThatThrownBy(() -> LlmConfig.parse("{\"providers\": {\"embedded\": {\"api_key_env\": \"KEY\"}},"
                + " \"models\": {\"roles\": {\"i\": {\"provider\": \"embedded\"}}}}"))
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("/providers/embedded: an embedded provider takes no base URL or API key");
    }

    @Test
    void aHostileNumberIsNamedShortly() {
        java.util.Map<String, Object> tree = new java.util.LinkedHashMap<>(dev.keel.core.json.JsonCodec.strict().parseObject(
                "{\"providers\": {\"embedded\": {}}, \"models\": {\"roles\": {\"internal\": {\"provider\": \"embedded\"}}}}"));
        tree.put("retry", java.util.Map.of("initial_backoff_ms", new BigDecimal("1e999999")));
        tree.put("policy", java.util.Map.of("cap", new BigDecimal("-1e-999999")));

        assertThatThrownBy(() -> LlmConfig.fromTree(tree))
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("/policy/cap: must be a number of at least 0, found the number -1E-999999; "
                        + "/retry/initial_backoff_ms: must be an integer from 0 to 3600000, found the number 1E+999999");
    }

    @Test
    void neverThrowsAnythingButAConfigurationException() {
        Property.forAll(Gen.strings().all()).tries(300).check(text -> {
            try {
                LlmConfig.parse(text);
            } catch (ConfigurationException expected) {
                assertThat(expected.getMessage()).isNotBlank();
            }
        });
    }
}
