package dev.keel.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.BackendException;
import dev.keel.core.spi.ChainReply;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.FallbackChain;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.TokenUsage;
import dev.keel.models.Environment;
import dev.keel.models.OllamaHost;
import dev.keel.test.core.LoopbackModelServer;
import dev.keel.test.core.Reply;
import dev.keel.test.properties.Gen;
import dev.keel.test.properties.Property;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * However the password of a base URL is written, no rendering of a backend shows it: not its id or
 * {@code toString}, not the message, causes or printed trace of its failure (the provider echoing the credentials
 * back), not the reason a fallback chain gives for answering elsewhere.
 */
class BaseUrlCredentialsProperties {

    /** A provider echoing the credentials it was sent, decoded and as sent, in its error. */
    private static final LoopbackModelServer SERVER = LoopbackModelServer.start().otherwise(request -> {
        String header = request.header("Authorization").orElse("");
        String decoded = header.startsWith("Basic ")
                ? new String(Base64.getDecoder().decode(header.substring(6)), StandardCharsets.UTF_8) : "";
        return Reply.http(500, "{\"error\": {\"message\": \"cannot serve " + decoded + " (" + header + ") at "
                + request.path() + "\"}}");
    });

    @AfterAll
    static void stop() {
        SERVER.close();
    }

    enum Provider { OLLAMA_HOST, OLLAMA, OPENAI, ANTHROPIC }

    @Test
    void noRenderingOfABackendShowsThePassword() {
        Property.forAll(USERS, PASSWORDS, Gen.of(Provider.values())).tries(60)
                .check(BaseUrlCredentialsProperties::noRenderingShowsThePassword);
    }

    private static void noRenderingShowsThePassword(String user, String password, Provider provider)
            throws URISyntaxException {
        String encoded = new URI("http", user + ":" + password, "127.0.0.1", SERVER.port(), null, null, null)
                .toASCIIString();
        ChatModelBackend backend = backend(provider, user, password, encoded);
        List<String> renderings = new ArrayList<>(List.of(backend.id(), backend.toString()));
        try {
            backend.chat(ChatRequest.ofUserMessage("How many beds?"));
            throw new AssertionError("the server answers every request with HTTP 500");
        } catch (BackendException failure) {
            renderings.add(Secrets.everythingPrintable(failure));
        }
        LlmBackend inside = request -> ChatReply.builder().text("inside").backendId("ward").usage(TokenUsage.UNKNOWN)
                .build();
        ChainReply chain = FallbackChain.of("cloud", List.of(backend, inside)).call(ChatRequest.ofUserMessage("Any beds?"));
        renderings.add(chain.backendUsedReason().orElseThrow());

        String token = Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
        String encodedPassword = encoded.substring(encoded.indexOf(':', 5) + 1, encoded.lastIndexOf('@'));
        assertThat(String.join("\n", renderings)).contains("HTTP 500")
                .doesNotContain(password).doesNotContain(encodedPassword).doesNotContain(token);
    }

    private static ChatModelBackend backend(Provider provider, String user, String password, String encoded) {
        Duration timeout = Duration.ofSeconds(5);
        switch (provider) {
            case OLLAMA_HOST:
                String raw = "http://" + user + ":" + password + "@127.0.0.1:" + SERVER.port();
                return OllamaBackends.create("cloud", "llama3.1",
                        OllamaHost.baseUrl(Environment.of(Map.of("OLLAMA_HOST", raw))), timeout);
            case OLLAMA:
                return OllamaBackends.create("cloud", "llama3.1", encoded, timeout);
            case OPENAI:
                return OpenAiBackends.create("cloud", "gpt-4o-mini", encoded + "/v1", null, timeout);
            default:
                return AnthropicBackends.create("cloud", "claude-sonnet-4-5", encoded + "/v1/", "sk-ant-test-0123456789",
                        timeout);
        }
    }

    private static final Gen<String> USERS = Gen.strings().withCharRange('a', 'z').ofMinLength(1).ofMaxLength(8);

    /** Passwords of any printable ASCII but {@code %} (which OLLAMA_HOST reads as the start of an escape). */
    private static final Gen<String> PASSWORDS = Gen.strings().withCharRange('!', '~').excludeChars('%')
            .ofMinLength(8).ofMaxLength(24).filter(password -> !"[REDACTED]".contains(password));
}
