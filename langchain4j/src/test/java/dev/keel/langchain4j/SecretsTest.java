package dev.keel.langchain4j;

import static dev.keel.langchain4j.RecordedReplies.recorded;
import static dev.keel.test.core.CoreAssertions.assertThat;
import static dev.keel.test.core.CoreAssertions.catchThrowableOfType;

import dev.keel.core.BackendException;
import dev.keel.core.ConfigurationException;
import dev.keel.core.NonRetriableBackendException;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.LlmBackend;
import dev.keel.models.Environment;
import dev.keel.models.RecordingSleeper;
import dev.keel.models.RetryPolicy;
import dev.keel.models.config.ConfiguredBackends;
import dev.keel.models.config.LlmConfig;
import dev.keel.test.core.LoopbackModelServer;
import dev.keel.test.core.Reply;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Secrets never reach an exception message, a cause, a printed stack trace or a log line, even when the
 * provider echoes the key in its error body.
 */
class SecretsTest {

    private static final String OPENAI_KEY = "sk-test-9f8e7d6c5b4a3f2e1d0c";
    private static final String ANTHROPIC_KEY = "sk-ant-api03-test-abcdef123456";
    /** Not shaped like any known key: only registration as a secret can catch it. */
    private static final String PLAIN_KEY = "Zq8vL2pX9mN4tR7w";

    private final LoopbackModelServer server = LoopbackModelServer.start();

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void anOpenAi401EchoingTheKeyLeaksItNowhere() {
        server.otherwise(Reply.http(401, recorded("openai-error-401.json")));
        try (LogCapture logs = new LogCapture()) {
            LlmBackend backend = RetryPolicy.DEFAULT.wrap(
                    OpenAiBackends.create("gpt", "gpt-4o-mini", server.baseUrl() + "/v1", OPENAI_KEY, Duration.ofSeconds(5)),
                    new RecordingSleeper());

            NonRetriableBackendException failure = catchThrowableOfType(NonRetriableBackendException.class,
                    () -> backend.chat(ChatRequest.ofUserMessage("hi")));

            assertThat(failure.getMessage()).isEqualTo("backend 'gpt' HTTP 401 authentication or permission refused");
            assertThat(failure.httpStatus()).hasValue(401);
            assertThat(Secrets.everythingPrintable(failure)).contains("Incorrect API key provided: [REDACTED]");
            assertThat(Secrets.everythingPrintable(failure)).doesNotContain(OPENAI_KEY).doesNotContain("9f8e7d6c5b4a3f2e1d0c");
            assertThat(logs.text()).doesNotContain(OPENAI_KEY);
        }
        // the key did go where it belongs
        assertThat(server.requests().get(0).header("Authorization")).contains("Bearer " + OPENAI_KEY);
    }

    @Test
    void anAnthropic401EchoingTheKeyLeaksItNowhere() {
        server.otherwise(Reply.http(401, recorded("anthropic-error-401.json")));
        try (LogCapture logs = new LogCapture()) {
            ChatModelBackend backend = AnthropicBackends.create("master", "claude-sonnet-4-5", server.baseUrl() + "/v1/",
                    ANTHROPIC_KEY, Duration.ofSeconds(5));

            BackendException failure = catchThrowableOfType(BackendException.class, () -> backend.chat(ChatRequest.ofUserMessage("hi")));

            assertThat(failure).isInstanceOf(NonRetriableBackendException.class);
            assertThat(failure.getMessage()).isEqualTo("backend 'master' HTTP 401 authentication or permission refused");
            assertThat(Secrets.everythingPrintable(failure)).contains("authentication_error");
            assertThat(Secrets.everythingPrintable(failure)).doesNotContain(ANTHROPIC_KEY);
            assertThat(logs.text()).doesNotContain(ANTHROPIC_KEY);
        }
        assertThat(server.requests().get(0).header("x-api-key")).contains(ANTHROPIC_KEY);
    }

    @Test
    void aKeyOfNoKnownShapeIsRemovedBecauseItIsRegistered() {
        server.otherwise(Reply.http(500, "{\"error\":\"upstream rejected token " + PLAIN_KEY + "\"}"));
        try (LogCapture logs = new LogCapture()) {
            LlmBackend backend = new RetryPolicy(2, Duration.ZERO, 1.0, Duration.ZERO).wrap(
                    OpenAiBackends.create("gpt", "gpt-4o-mini", server.baseUrl() + "/v1", PLAIN_KEY, Duration.ofSeconds(5)),
                    new RecordingSleeper());

            BackendException failure = catchThrowableOfType(BackendException.class, () -> backend.chat(ChatRequest.ofUserMessage("hi")));

            assertThat(failure.getMessage()).doesNotContain("upstream");
            assertThat(Secrets.everythingPrintable(failure)).contains("upstream rejected token [REDACTED]");
            assertThat(Secrets.everythingPrintable(failure)).doesNotContain(PLAIN_KEY);
            // the retry was logged, without the key
            assertThat(logs.text()).contains("retrying gpt").doesNotContain(PLAIN_KEY);
        }
    }

    @Test
    void configuredBackendsResolveTheKeyFromTheEnvironmentAndNeverQuoteIt() {
        server.otherwise(Reply.http(401, "{\"error\":{\"message\":\"bad key " + PLAIN_KEY + "\"}}"));
        LlmConfig config = LlmConfig.parse("{\"providers\": {\"openai\": {\"base_url\": \"" + server.baseUrl() + "/v1\","
                + " \"api_key_env\": \"TEST_OPENAI_KEY\"}}, \"models\": {\"roles\": {\"solver\": {\"provider\": \"openai\","
                + " \"model\": \"TEST_SOLVER_MODEL\"}}}}");
        ConfiguredBackends backends = ConfiguredBackends.create(config,
                Environment.of(Map.of("TEST_OPENAI_KEY", PLAIN_KEY, "TEST_SOLVER_MODEL", "gpt-4o-mini")), new RecordingSleeper());

        BackendException failure = catchThrowableOfType(BackendException.class,
                () -> backends.backend("solver").chat(ChatRequest.ofUserMessage("hi")));

        assertThat(Secrets.everythingPrintable(failure)).doesNotContain(PLAIN_KEY);
        assertThat(backends.toString()).doesNotContain(PLAIN_KEY);
        assertThat(backends.backend("solver").toString()).doesNotContain(PLAIN_KEY);
    }

    @Test
    void aMissingKeyIsNamedByItsVariableOnly() {
        LlmConfig config = LlmConfig.parse("{\"providers\": {\"anthropic\": {\"api_key_env\": \"TEST_ANTHROPIC_KEY\"}},"
                + " \"models\": {\"roles\": {\"master\": {\"provider\": \"anthropic\", \"model\": \"TEST_MASTER_MODEL\"}}}}");
        ConfiguredBackends backends = ConfiguredBackends.create(config, Environment.of(Map.of("TEST_MASTER_MODEL", "claude-x")));

        ConfigurationException failure = catchThrowableOfType(ConfigurationException.class, () -> backends.backend("master"));

        assertThat(failure.getMessage()).isEqualTo("environment variable TEST_ANTHROPIC_KEY is not set"
                + " (the API key of provider 'anthropic' used by role 'master')");
    }
}
