package dev.keel.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.ConfigurationException;
import dev.keel.core.spi.ChainReply;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.FallbackChain;
import dev.keel.core.spi.LlmBackend;
import dev.keel.models.BudgetGuard;
import dev.keel.models.Environment;
import dev.keel.models.Sleeper;
import dev.keel.models.config.ConfiguredBackends;
import dev.keel.models.config.LlmConfig;
import dev.keel.models.config.LlmConfigTest;
import dev.keel.models.reasoning.EmbeddedBackend;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ConfiguredBackendsTest {

    private static final Sleeper NO_WAIT = duration -> { };

    private final Map<String, String> variables = new HashMap<>(Map.of(
            "KEEL_LLAMA_MODEL", "llama3.1",
            "KEEL_DEEPSEEK_MODEL", "deepseek-r1",
            "KEEL_MASTER_MODEL", "claude-sonnet-4-5",
            "ANTHROPIC_API_KEY", "sk-ant-test-0123456789",
            // nothing listens here: calls are refused at once
            "OLLAMA_HOST", "127.0.0.1:9"));
    /** Reads the map at call time, so variables set later are seen. */
    private final Environment environment = name -> Optional.ofNullable(variables.get(name));

    private ConfiguredBackends backends() {
        return ConfiguredBackends.create(LlmConfig.parse(LlmConfigTest.example()), environment, NO_WAIT);
    }

    @Test
    void rolesResolveToBackendsNamedAfterTheRoleWithTheModelFromTheEnvironment() {
        ConfiguredBackends backends = backends();

        assertThat(backends.roles()).containsExactly("llama", "deepseek", "internal_chatgpt", "master", "solver", "critic");
        assertThat(backends.backend("llama").id()).isEqualTo("llama");
        assertThat(backends.modelName("llama")).isEqualTo("llama3.1");
        assertThat(backends.modelName("master")).isEqualTo("claude-sonnet-4-5");
        assertThat(backends.backend("llama")).isSameAs(backends.backend("llama"));
        assertThat(backends.hasModel("llama")).isTrue();
        assertThat(backends.hasModel("internal_chatgpt")).isFalse();
        assertThat(backends.backend("internal_chatgpt").id()).isEqualTo(EmbeddedBackend.ID);
        assertThat(backends.modelName("internal_chatgpt")).isEqualTo(EmbeddedBackend.ID);
    }

    @Test
    void aMissingModelVariableIsNamedAndPickedUpOnceSet() {
        ConfiguredBackends backends = backends();

        assertThatThrownBy(() -> backends.backend("solver"))
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("environment variable KEEL_SOLVER_MODEL is not set (the model name of role 'solver')");

        variables.put("KEEL_SOLVER_MODEL", "claude-haiku-4-5");
        assertThat(backends.modelName("solver")).isEqualTo("claude-haiku-4-5");
    }

    @Test
    void aBlankVariableCountsAsMissing() {
        variables.put("KEEL_LLAMA_MODEL", "   ");

        assertThatThrownBy(() -> backends().backend("llama")).hasMessageContaining("KEEL_LLAMA_MODEL is not set");
    }

    @Test
    void aDisabledProviderAndAnUnknownRoleAreConfigurationErrors() {
        variables.put("KEEL_CRITIC_MODEL", "grok-4");
        ConfiguredBackends backends = backends();

        assertThatThrownBy(() -> backends.backend("critic"))
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("role 'critic' uses provider 'xai', which is disabled in the LLM configuration");
        assertThatThrownBy(() -> backends.backend("verifier"))
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("no role 'verifier' in the LLM configuration (roles: llama, deepseek, internal_chatgpt, master, solver, critic)");
    }

    @Test
    void aFailingExternalFallsBackToTheEmbeddedInternalAndTellsWhy() {
        FallbackChain chain = backends().chain("llama");

        ChainReply reply = chain.call(ChatRequest.ofUserMessage("Compare the calendars."));

        assertThat(chain.backends()).extracting(LlmBackend::id).containsExactly("llama", EmbeddedBackend.ID);
        assertThat(reply.backendTarget()).isEqualTo("llama");
        assertThat(reply.backendUsed()).isEqualTo(EmbeddedBackend.ID);
        assertThat(reply.backendUsedReason().orElseThrow())
                .isEqualTo("llama failed (backend_retriable); answered by embedded_extractive");
    }

    @Test
    void aGuardedChainPricesModelsAndSkipsTheEmbeddedBackend() {
        ConfiguredBackends backends = backends();
        BudgetGuard guard = backends.budget("normalMaxUsd", new BigDecimal("0.10"));

        ChainReply reply = backends.chain("llama", guard).call(ChatRequest.ofUserMessage("hi"));

        assertThat(guard.capUsd()).isEqualByComparingTo("0.10");
        assertThat(reply.backendUsed()).isEqualTo(EmbeddedBackend.ID);
        assertThat(guard.status().calls()).isEmpty();

        variables.put("KEEL_MASTER_MODEL", "claude-opus-9");
        ConfiguredBackends unpriced = backends();
        assertThatThrownBy(() -> unpriced.chain("master", guard))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageStartingWith("model 'claude-opus-9' has no price");
    }

    @Test
    void policyNumbersComeFromTheFileOrTheirVariable() {
        ConfiguredBackends backends = backends();

        assertThat(backends.policyValue("normalMaxUsd", BigDecimal.ONE)).isEqualByComparingTo("0.10");
        assertThat(backends.policyValue("deepMaxUsd", BigDecimal.ONE)).isEqualByComparingTo("0.50");
        assertThat(backends.policyValue("tauHard", new BigDecimal("0.3"))).isEqualByComparingTo("0.3");

        variables.put("KEEL_DEEP_MAX_USD", "0.75");
        assertThat(backends.policyValue("deepMaxUsd", BigDecimal.ONE)).isEqualByComparingTo("0.75");

        variables.put("KEEL_DEEP_MAX_USD", "lots");
        assertThatThrownBy(() -> backends.policyValue("deepMaxUsd", BigDecimal.ONE))
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("environment variable KEEL_DEEP_MAX_USD (policy value deepMaxUsd) is not a decimal number >= 0");
        variables.put("KEEL_DEEP_MAX_USD", "-0.01");
        assertThatThrownBy(() -> backends.policyValue("deepMaxUsd", BigDecimal.ONE))
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("environment variable KEEL_DEEP_MAX_USD (policy value deepMaxUsd) is not a decimal number >= 0");
    }

    @Test
    void anInternalRoleOnTheEmbeddedProviderAnswersAtOnce() {
        ChatReply reply = backends().chain("internal_chatgpt").chat(ChatRequest.ofUserMessage("Summarise."));

        assertThat(reply.backendId()).isEqualTo(EmbeddedBackend.ID);
    }

    @Test
    void anOllamaProviderReadsItsBaseUrlVariableTheOllamaWay() {
        LlmConfig config = LlmConfig.parse("{\"providers\": {\"gpu\": {\"kind\": \"ollama\", \"base_url_env\": \"GPU_OLLAMA\","
                + " \"timeout_ms\": 500}}, \"models\": {\"roles\": {\"llama\": {\"provider\": \"gpu\", \"model\": \"M\"}}}}");
        ConfiguredBackends backends = ConfiguredBackends.create(config, Environment.of(Map.of("M", "llama3.1")), NO_WAIT);

        assertThatThrownBy(() -> backends.backend("llama"))
                .hasMessage("environment variable GPU_OLLAMA is not set (the base URL of provider 'gpu' used by role 'llama')");
        assertThat(List.of(config.providers().get("gpu").timeout())).containsExactly(Duration.ofMillis(500));
    }
}
