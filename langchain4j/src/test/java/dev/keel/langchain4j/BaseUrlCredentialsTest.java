package dev.keel.langchain4j;

import static dev.keel.langchain4j.RecordedReplies.recorded;
import static dev.keel.test.core.CoreAssertions.assertThat;
import static dev.keel.test.core.CoreAssertions.assertThatThrownBy;
import static dev.keel.test.core.CoreAssertions.catchThrowableOfType;

import dev.keel.core.ConfigurationException;
import dev.keel.core.Decision;
import dev.keel.core.NonRetriableBackendException;
import dev.keel.core.Principal;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.core.spi.TokenUsage;
import dev.keel.models.BaseUrls;
import dev.keel.models.Environment;
import dev.keel.models.OllamaHost;
import dev.keel.pipeline.Backends;
import dev.keel.pipeline.GovernedAnswer;
import dev.keel.pipeline.GovernedRequest;
import dev.keel.pipeline.Pipeline;
import dev.keel.pipeline.SingleCallReasoning;
import dev.keel.policy.DomainRule;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.RolePolicy;
import dev.keel.routing.PoolEntry;
import dev.keel.routing.RoutingTable;
import dev.keel.test.core.LoopbackModelServer;
import dev.keel.test.core.Reply;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A base URL with user information ({@code OLLAMA_HOST=http://user:secret@host:11434}): the credentials go into an
 * {@code Authorization: Basic} header, the URL the client calls has none, and the password is shown nowhere.
 */
class BaseUrlCredentialsTest {

    private static final String PASSWORD = "s3cret-Pass";
    private static final String TOKEN = Base64.getEncoder().encodeToString(("ward:" + PASSWORD)
            .getBytes(StandardCharsets.UTF_8));
    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    private final LoopbackModelServer server = LoopbackModelServer.start();

    @AfterEach
    void stop() {
        server.close();
    }

    private String withCredentials() {
        return "http://ward:" + PASSWORD + "@127.0.0.1:" + server.port();
    }

    @Test
    void ollamaHostKeepsTheUserInformationAndEncodesWhatAUriCannotHold() {
        assertThat(OllamaHost.baseUrl("http://ward:s3cret@gpu-box:11434")).isEqualTo("http://ward:s3cret@gpu-box:11434");
        assertThat(OllamaHost.baseUrl("ward:s3cret@gpu-box")).isEqualTo("http://ward:s3cret@gpu-box:11434");
        assertThat(OllamaHost.baseUrl("https://ward:p@ss/w rd@proxy/ollama/"))
                .isEqualTo("https://ward:p%40ss%2Fw%20rd@proxy:443/ollama");
        assertThat(OllamaHost.baseUrl("http://ward:100%25@[::1]:9000")).isEqualTo("http://ward:100%25@[::1]:9000");
    }

    @Test
    void ollamaSendsTheCredentialsAsABasicHeaderToTheRightPath() {
        server.requireHeader("Authorization", "Basic " + TOKEN).thenReply("Two beds.");
        Environment environment = Environment.of(Map.of("OLLAMA_HOST", withCredentials() + "/ollama"));

        ChatReply reply = OllamaBackends.create("ward", "llama3.1", OllamaHost.baseUrl(environment), TIMEOUT)
                .chat(ChatRequest.ofUserMessage("How many beds?"));

        assertThat(reply.text()).isEqualTo("Two beds.");
        assertThat(server.requests()).singleElement().satisfies(request -> {
            assertThat(request.path()).isEqualTo("/ollama/api/chat");
            assertThat(request.header("Authorization")).contains("Basic " + TOKEN);
        });
    }

    @Test
    void withoutTheCredentialsTheServerRefusesAndSaysSo() {
        server.requireHeader("Authorization", "Basic " + TOKEN);

        NonRetriableBackendException failure = catchThrowableOfType(NonRetriableBackendException.class,
                () -> OllamaBackends.create("ward", "llama3.1", server.baseUrl(), TIMEOUT)
                        .chat(ChatRequest.ofUserMessage("How many beds?")));

        assertThat(failure.getMessage()).contains("HTTP 401");
        assertThat(server.unanswered()).hasSize(1);
    }

    @Test
    void anOpenAiCompatibleEndpointGetsTheBasicHeaderInsteadOfABearerToken() {
        server.requireHeader("Authorization", "Basic " + TOKEN).thenReply("Two beds.");

        ChatReply reply = OpenAiBackends.create("gpt", "gpt-4o-mini", withCredentials() + "/v1", null, TIMEOUT)
                .chat(ChatRequest.ofUserMessage("How many beds?"));

        assertThat(reply.text()).isEqualTo("Two beds.");
        assertThat(server.requests().get(0).path()).isEqualTo("/v1/chat/completions");
    }

    @Test
    void credentialsInTheUrlAndAnApiKeyTogetherAreRefusedWithoutShowingEither() {
        assertThatThrownBy(() -> OpenAiBackends.create("gpt", "gpt-4o-mini", withCredentials() + "/v1", "sk-key-0123456789",
                TIMEOUT))
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("backend 'gpt': the base URL http://[REDACTED]@127.0.0.1:" + server.port() + "/v1 carries"
                        + " user information and an API key is given too; give one of them");
    }

    @Test
    void anthropicBehindAProxyGetsTheBasicHeaderBesideItsKey() {
        server.then(Reply.http(200, recorded("anthropic-messages.json")));

        AnthropicBackends.create("master", "claude-sonnet-4-5", withCredentials() + "/v1/", "sk-ant-test-0123456789",
                TIMEOUT).chat(ChatRequest.ofUserMessage("How many beds?"));

        assertThat(server.requests().get(0).header("Authorization")).contains("Basic " + TOKEN);
        assertThat(server.requests().get(0).header("x-api-key")).contains("sk-ant-test-0123456789");
    }

    @Test
    void aBaseUrlThatCannotBeReadIsRefusedWithItsUserInformationRedacted() {
        assertThatThrownBy(() -> OllamaBackends.create("ward", "llama3.1", "http://ward:" + PASSWORD + "@", TIMEOUT))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageStartingWith("the base URL 'http://[REDACTED]@' cannot be used")
                .message().doesNotContain(PASSWORD);
        assertThatThrownBy(() -> OpenAiBackends.create("gpt", "gpt-4o-mini", "ftp://ward:" + PASSWORD + "@host", null,
                TIMEOUT))
                .isInstanceOf(ConfigurationException.class).message().doesNotContain(PASSWORD);
    }

    @Test
    void aFailedCallsFallbackReasonProvenanceAndAuditRecordNeverShowThePassword() {
        // the server echoes what it got, as a misconfigured proxy might
        server.otherwise(request -> Reply.http(503, "{\"error\": \"upstream down; you sent "
                + request.header("Authorization").orElse("nothing") + " for ward:" + PASSWORD + "\"}"));
        Environment environment = Environment.of(Map.of("OLLAMA_HOST", withCredentials()));
        ChatModelBackend cloud = OllamaBackends.create("cloud", "llama3.1", OllamaHost.baseUrl(environment), TIMEOUT);
        InMemoryAuditSink audit = new InMemoryAuditSink();
        Pipeline pipeline = Pipeline.builder()
                .policy(PolicyDocument.builder().policyId("ward").version("1")
                        .role("visitor", new RolePolicy(List.of("public"), List.of(), Decision.PARTIAL))
                        .domainRule(DomainRule.of(List.of("bed*"), List.of("beds"))).build())
                .routing(RoutingTable.builder().pool(1, new PoolEntry("cloud", "default", "cloud"))
                        .internalBackendTarget("ward").build())
                .backends(Backends.builder()
                        .internal("ward", request -> ChatReply.builder().text("Answered inside.").backendId("ward")
                                .usage(TokenUsage.UNKNOWN).build())
                        .external("cloud", cloud).build())
                .reasoning(SingleCallReasoning.userMessage()).auditSink(audit).build();

        GovernedAnswer answer = pipeline.call(GovernedRequest.of(Principal.of("visitor", "public"), "Any beds?"));

        assertThat(answer.text()).isEqualTo("Answered inside.");
        assertThat(answer.provenance().backendUsedReason())
                .isEqualTo("cloud failed (backend_retriable, HTTP 503); answered by ward");
        String everything = JsonCodec.strict().write(answer.toWire()) + JsonCodec.strict().write(audit.records().get(0)
                .payload()) + cloud + cloud.id();
        // nothing of the server's error body is repeated, the echoed credentials least of all
        assertThat(everything).doesNotContain("upstream down").doesNotContain(PASSWORD).doesNotContain(TOKEN);
        assertThat(server.requests().get(0).header("Authorization")).contains("Basic " + TOKEN);
    }

    @Test
    void aBaseUrlIsShownWithoutItsUserInformation() {
        assertThat(BaseUrls.redact("calling " + withCredentials() + "/v1 and http://gpu-box:80"))
                .isEqualTo("calling http://[REDACTED]@127.0.0.1:" + server.port() + "/v1 and http://gpu-box:80")
                .doesNotContain(PASSWORD);
        assertThat(BaseUrls.redact(null)).isNull();
    }
}
