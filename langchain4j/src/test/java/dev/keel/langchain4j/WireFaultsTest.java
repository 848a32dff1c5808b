package dev.keel.langchain4j;

import static dev.keel.langchain4j.RecordedReplies.recorded;
import static dev.keel.test.core.CoreAssertions.assertThat;
import static dev.keel.test.core.CoreAssertions.assertThatThrownBy;
import static dev.keel.test.core.CoreAssertions.catchThrowableOfType;

import dev.keel.core.BackendException;
import dev.keel.core.NonRetriableBackendException;
import dev.keel.core.RetriableBackendException;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.LlmBackend;
import dev.keel.models.RecordingSleeper;
import dev.keel.models.RetryPolicy;
import dev.keel.test.core.LoopbackModelServer;
import dev.keel.test.core.Reply;
import java.time.Duration;
import java.util.List;
import java.util.function.BiFunction;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every fault the issue names, over both wire protocols: HTTP 500 and 429 are retried with backoff and end as a
 * retriable error, a malformed body and a 404 are not retried, a reply slower than the timeout and a refused
 * connection are retriable.
 */
class WireFaultsTest {

    /** A wire protocol: how to build its backend against a base URL, and a recorded successful reply. */
    enum Protocol {
        OLLAMA((url, timeout) -> OllamaBackends.create("llama", "llama3.1", url, timeout), "ollama-chat.json", "/api/chat"),
        OPENAI((url, timeout) -> OpenAiBackends.create("gpt", "gpt-4o-mini", url + "/v1", "sk-test-key-0123456789", timeout),
                "openai-chat.json", "/v1/chat/completions");

        final BiFunction<String, Duration, ChatModelBackend> factory;
        final String okReply;
        final String path;

        Protocol(BiFunction<String, Duration, ChatModelBackend> factory, String okReply, String path) {
            this.factory = factory;
            this.okReply = okReply;
            this.path = path;
        }
    }

    private static final RetryPolicy THREE_ATTEMPTS = new RetryPolicy(3, Duration.ofMillis(100), 2.0, Duration.ofSeconds(1));

    private final LoopbackModelServer server = LoopbackModelServer.start();
    private final RecordingSleeper sleeper = new RecordingSleeper();

    @AfterEach
    void stop() {
        server.close();
    }

    private LlmBackend backend(Protocol protocol, Duration timeout) {
        return THREE_ATTEMPTS.wrap(protocol.factory.apply(server.baseUrl(), timeout), sleeper);
    }

    @ParameterizedTest
    @EnumSource(Protocol.class)
    void http500IsRetriedWithBackoffAndEndsRetriable(Protocol protocol) {
        server.otherwise(Reply.http(500, recorded("ollama-error-500.json")));

        RetriableBackendException failure = catchThrowableOfType(RetriableBackendException.class,
                () -> backend(protocol, Duration.ofSeconds(5)).chat(ChatRequest.ofUserMessage("hi")));

        assertThat(failure.getMessage()).contains("HTTP 500").contains("gave up after 3 attempts");
        assertThat(failure.code()).isEqualTo("backend_retriable");
        assertThat(server.requests()).hasSize(3).allSatisfy(r -> assertThat(r.path()).isEqualTo(protocol.path));
        assertThat(sleeper.waits()).containsExactly(Duration.ofMillis(100), Duration.ofMillis(200));
    }

    @ParameterizedTest
    @EnumSource(Protocol.class)
    void http429ThenSuccessAnswersOnTheRetry(Protocol protocol) {
        server.then(Reply.http(429, recorded("openai-error-429.json")), Reply.http(200, recorded(protocol.okReply)));

        ChatReply reply = backend(protocol, Duration.ofSeconds(5)).chat(ChatRequest.ofUserMessage("hi"));

        assertThat(reply.text()).startsWith("Calendar");
        assertThat(server.requests()).hasSize(2);
        assertThat(sleeper.waits()).containsExactly(Duration.ofMillis(100));
    }

    @ParameterizedTest
    @EnumSource(Protocol.class)
    void http429AllTheWayEndsRetriable(Protocol protocol) {
        server.otherwise(Reply.http(429, recorded("openai-error-429.json")));

        assertThatThrownBy(() -> backend(protocol, Duration.ofSeconds(5)).chat(ChatRequest.ofUserMessage("hi")))
                .isInstanceOf(RetriableBackendException.class)
                .hasMessageContaining("HTTP 429 rate limited");
        assertThat(server.requests()).hasSize(3);
    }

    @ParameterizedTest
    @EnumSource(Protocol.class)
    void aMalformedBodyIsNotRetried(Protocol protocol) {
        server.then(Reply.http(200, recorded("malformed.json")));

        NonRetriableBackendException failure = catchThrowableOfType(NonRetriableBackendException.class,
                () -> backend(protocol, Duration.ofSeconds(5)).chat(ChatRequest.ofUserMessage("hi")));

        assertThat(failure.getMessage()).contains("not valid JSON of the provider's protocol");
        assertThat(server.requests()).hasSize(1);
        assertThat(sleeper.waits()).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(Protocol.class)
    void http404IsNotRetried(Protocol protocol) {
        server.then(Reply.http(404, recorded("ollama-error-404.json")));

        assertThatThrownBy(() -> backend(protocol, Duration.ofSeconds(5)).chat(ChatRequest.ofUserMessage("hi")))
                .isInstanceOf(NonRetriableBackendException.class)
                .hasMessageContaining("HTTP 404 model or endpoint not found")
                .satisfies(failure -> assertThat(Secrets.everythingPrintable(failure))
                        .as("the provider's words stay in the cause, for the host's debugging")
                        .contains("try pulling it first"))
                .message().doesNotContain("try pulling it first");
        assertThat(server.requests()).hasSize(1);
    }

    @ParameterizedTest
    @EnumSource(Protocol.class)
    void aReplySlowerThanTheTimeoutIsRetriedAndEndsRetriable(Protocol protocol) {
        // Longer than any timeout here; closing the server after the test cuts it short.
        server.otherwise(Reply.http(200, recorded(protocol.okReply)).after(Duration.ofMinutes(1)));
        LlmBackend backend = new RetryPolicy(2, Duration.ofMillis(10), 1.0, Duration.ofMillis(10))
                .wrap(protocol.factory.apply(server.baseUrl(), Duration.ofMillis(300)), sleeper);

        assertThatThrownBy(() -> backend.chat(ChatRequest.ofUserMessage("hi")))
                .isInstanceOf(RetriableBackendException.class)
                .hasMessageContaining("timed out")
                .hasMessageContaining("gave up after 2 attempts");
        assertThat(server.requests()).hasSize(2);
    }

    @ParameterizedTest
    @EnumSource(Protocol.class)
    void aRefusedConnectionIsRetriable(Protocol protocol) {
        String closedUrl = server.baseUrl();
        server.close();
        LlmBackend backend = THREE_ATTEMPTS.wrap(protocol.factory.apply(closedUrl, Duration.ofSeconds(2)), sleeper);

        BackendException failure = catchThrowableOfType(BackendException.class, () -> backend.chat(ChatRequest.ofUserMessage("hi")));

        assertThat(failure).isInstanceOf(RetriableBackendException.class);
        assertThat(failure.getMessage()).contains("connection refused");
        assertThat(sleeper.waits()).hasSize(2);
    }

    @ParameterizedTest
    @EnumSource(Protocol.class)
    void theFailureNamesTheBackendThatFailed(Protocol protocol) {
        server.otherwise(Reply.http(503, "{\"error\":\"overloaded\"}"));

        BackendException failure = catchThrowableOfType(BackendException.class,
                () -> backend(protocol, Duration.ofSeconds(5)).chat(ChatRequest.ofUserMessage("hi")));

        String id = protocol == Protocol.OLLAMA ? "llama" : "gpt";
        assertThat(failure.backendId()).isEqualTo(id);
        assertThat(failure.getMessage()).isEqualTo("backend '" + id + "' HTTP 503 server error (gave up after 3"
                + " attempts)");
        assertThat(failure.httpStatus()).hasValue(503);
        assertThat(List.of(failure.getCause())).isNotEmpty();
    }
}
