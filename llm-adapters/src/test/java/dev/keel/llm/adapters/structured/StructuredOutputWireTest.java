package dev.keel.llm.adapters.structured;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.ChatRequest;
import dev.keel.llm.adapters.OllamaBackends;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A model whose JSON-mode content is malformed, then valid, over Ollama's wire format: the malformed content is a
 * violation and a re-ask, not a backend failure.
 */
class StructuredOutputWireTest {

    private static String recorded(String name) throws IOException {
        try (InputStream in = StructuredOutputWireTest.class.getResourceAsStream("/replies/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void malformedContentIsReaskedOverTheWire() throws IOException {
        List<String> replies = new ArrayList<>(List.of(recorded("ollama-chat-bad-content.json"), recorded("ollama-chat-json.json")));
        List<String> bodies = new ArrayList<>();
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/api/chat", exchange -> {
            bodies.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            byte[] body = replies.remove(0).getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        try {
            StructuredOutput structured = StructuredOutput.create(
                    OllamaBackends.create("llama", "llama3.1", "http://127.0.0.1:" + server.getAddress().getPort(), Duration.ofSeconds(5)),
                    StructuredOutputTest.CONTRACT);

            StructuredResult result = structured.call(ChatRequest.ofUserMessage("Summarise as JSON."));

            assertThat(result.valid()).isTrue();
            assertThat(result.output().orElseThrow()).containsEntry("summary", "Calendar A is steadier");
            assertThat(result.attempts()).hasSize(2);
            assertThat(result.attempts().get(0).violations()).extracting(OutputViolation::code).containsExactly(OutputViolation.NOT_JSON);
            assertThat(bodies).hasSize(2).allSatisfy(body -> assertThat(JsonCodec.strict().parseObject(body)).containsEntry("format", "json"));
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> messages = (List<Map<String, Object>>) JsonCodec.strict().parseObject(bodies.get(1)).get("messages");
            assertThat(messages).extracting(m -> m.get("role")).containsExactly("system", "user", "assistant", "user");
        } finally {
            server.stop(0);
        }
    }
}
