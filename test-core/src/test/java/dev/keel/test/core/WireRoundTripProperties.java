package dev.keel.test.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.json.JsonCodec;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/** Any text crosses the wire both ways unchanged: what a client sends is what the server reads, and so the reply. */
class WireRoundTripProperties {

    private static LoopbackModelServer server;
    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    @BeforeContainer
    static void start() {
        server = LoopbackModelServer.start();
    }

    @AfterContainer
    static void stop() {
        server.close();
    }

    @Property(tries = 200)
    @SuppressWarnings("unchecked")
    void anyMessageAndReplyTextCrossTheWireUnchanged(@ForAll String message, @ForAll String reply) throws Exception {
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
