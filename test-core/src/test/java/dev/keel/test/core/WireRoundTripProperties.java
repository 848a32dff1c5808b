package dev.keel.test.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.json.JsonCodec;
import dev.keel.test.properties.Gen;
import dev.keel.test.properties.Property;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Any text crosses the wire both ways unchanged: what a client sends is what the server reads, and so the reply. */
class WireRoundTripProperties {

    private static LoopbackModelServer server;
    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    @BeforeAll
    static void start() {
        server = LoopbackModelServer.start();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void anyMessageAndReplyTextCrossTheWireUnchanged() {
        Property.forAll(Gen.strings().all(), Gen.strings().all()).tries(200)
                .check(WireRoundTripProperties::crossesTheWireUnchanged);
    }

    @SuppressWarnings("unchecked")
    private static void crossesTheWireUnchanged(String message, String reply) throws Exception {
        server.then(Reply.text(reply));
        String body = JsonCodec.strict().write(Map.of("model", "m", "messages",
                List.of(Map.of("role", "user", "content", message))));

        HttpResponse<String> response = CLIENT.send(HttpRequest.newBuilder(URI.create(server.openAiBaseUrl()
                + "/chat/completions")).timeout(Duration.ofSeconds(10)).POST(HttpRequest.BodyPublishers.ofString(body))
                .build(), HttpResponse.BodyHandlers.ofString());

        List<WireRequest> received = server.requests();
        assertThat(received.get(received.size() - 1).chat().orElseThrow().messages().get(0).text()).isEqualTo(message);
        Map<String, Object> choice = (Map<String, Object>) ((List<Object>) JsonCodec.strict()
                .parseObject(response.body()).get("choices")).get(0);
        assertThat(((Map<String, Object>) choice.get("message")).get("content")).isEqualTo(reply);
    }
}
