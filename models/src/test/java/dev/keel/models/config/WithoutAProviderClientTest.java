package dev.keel.models.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.ConfigurationException;
import dev.keel.models.BaseUrls;
import dev.keel.models.Environment;
import dev.keel.models.OllamaHost;
import dev.keel.models.reasoning.EmbeddedBackend;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * keel-models alone, as this module's tests run it (no keel-langchain4j, so no {@link ProviderClient}): a configuration
 * that names the built-in kinds calling a model is read and described, an embedded role answers, and a role on one of
 * those kinds fails when it is resolved, naming the module that builds its backends.
 */
class WithoutAProviderClientTest {

    private static final String CONFIG = "{"
            + "\"providers\": {\"ollama\": {}, \"anthropic\": {\"api_key_env\": \"ANTHROPIC_API_KEY\"},"
            + " \"openai\": {}, \"embedded\": {}},"
            + "\"models\": {\"roles\": {"
            + " \"llama\": {\"provider\": \"ollama\", \"model\": \"KEEL_LLAMA_MODEL\", \"fallback\": [\"internal\"]},"
            + " \"master\": {\"provider\": \"anthropic\", \"model\": \"KEEL_MASTER_MODEL\"},"
            + " \"gpt\": {\"provider\": \"openai\", \"model\": \"KEEL_GPT_MODEL\"},"
            + " \"internal\": {\"provider\": \"embedded\"}}}}";

    private static final Environment ENVIRONMENT = Environment.of(Map.of("OLLAMA_HOST", "127.0.0.1:9",
            "KEEL_LLAMA_MODEL", "llama3.1", "KEEL_MASTER_MODEL", "claude-sonnet-4-5", "KEEL_GPT_MODEL", "gpt-4o-mini",
            "ANTHROPIC_API_KEY", "sk-ant-x"));

    @Test
    void aRoleOnAKindThatCallsAModelNamesTheModuleThatBuildsItsBackends() {
        ConfiguredBackends backends = ConfiguredBackends.create(LlmConfig.parse(CONFIG), ENVIRONMENT, duration -> { });

        assertThat(backends.roles()).containsExactly("llama", "master", "gpt", "internal");
        assertThat(backends.hasModel("llama")).isTrue();
        assertThat(backends.backend("internal").id()).isEqualTo(EmbeddedBackend.ID);
        assertThatThrownBy(() -> backends.backend("llama")).isInstanceOf(ConfigurationException.class)
                .hasMessage("role 'llama' uses provider 'ollama': the Ollama provider needs dev.keel:keel-langchain4j on"
                        + " the class path, which builds its backends; add that dependency next to keel-models");
        assertThatThrownBy(() -> backends.chain("master")).isInstanceOf(ConfigurationException.class)
                .hasMessage("role 'master' uses provider 'anthropic': the Anthropic provider needs"
                        + " dev.keel:keel-langchain4j on the class path, which builds its backends; add that dependency"
                        + " next to keel-models");
        assertThatThrownBy(() -> backends.modelName("gpt")).isInstanceOf(ConfigurationException.class)
                .hasMessageStartingWith("role 'gpt' uses provider 'openai': the OpenAI-compatible provider needs"
                        + " dev.keel:keel-langchain4j");
    }

    @Test
    void theKindsStillSayWhereTheyCallAndRefuseToBuildWithoutTheirClient() {
        assertThat(ProviderKind.OLLAMA.baseUrl(null, ENVIRONMENT)).isEqualTo(OllamaHost.baseUrl("127.0.0.1:9"));
        assertThat(ProviderKind.OPENAI.baseUrl(null, ENVIRONMENT)).isEqualTo(BaseUrls.OPENAI);
        assertThat(ProviderKind.ANTHROPIC.baseUrl(null, ENVIRONMENT)).isEqualTo(BaseUrls.ANTHROPIC);
        assertThat(ProviderKind.ANTHROPIC.baseUrl("https://proxy/v1/", ENVIRONMENT)).isEqualTo("https://proxy/v1/");

        assertThatThrownBy(() -> ProviderKind.OPENAI.create(new ProviderSettings("gpt", "gpt-4o-mini", BaseUrls.OPENAI,
                null, Duration.ofSeconds(1)))).isInstanceOf(ConfigurationException.class)
                .hasMessage("the OpenAI-compatible provider needs dev.keel:keel-langchain4j on the class path, which"
                        + " builds its backends; add that dependency next to keel-models");
    }
}
