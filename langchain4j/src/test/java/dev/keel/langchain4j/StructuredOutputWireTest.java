package dev.keel.langchain4j;

import static dev.keel.langchain4j.RecordedReplies.recorded;
import static dev.keel.test.core.CoreAssertions.assertThat;

import dev.keel.core.spi.ChatRequest;
import dev.keel.models.structured.OutputViolation;
import dev.keel.models.structured.StructuredOutput;
import dev.keel.models.structured.StructuredOutputTest;
import dev.keel.models.structured.StructuredResult;
import dev.keel.test.core.LoopbackModelServer;
import dev.keel.test.core.Reply;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A model whose JSON-mode content is malformed, then valid, over Ollama's wire format: the malformed content is a
 * violation and a re-ask, not a backend failure.
 */
class StructuredOutputWireTest {

    @Test
    void malformedContentIsReaskedOverTheWire() {
        try (LoopbackModelServer server = LoopbackModelServer.start()) {
            server.then(Reply.http(200, recorded("ollama-chat-bad-content.json")),
                    Reply.http(200, recorded("ollama-chat-json.json")));
            StructuredOutput structured = StructuredOutput.create(
                    OllamaBackends.create("llama", "llama3.1", server.baseUrl(), Duration.ofSeconds(5)),
                    StructuredOutputTest.CONTRACT);

            StructuredResult result = structured.call(ChatRequest.ofUserMessage("Summarise as JSON."));

            assertThat(result.valid()).isTrue();
            assertThat(result.output().orElseThrow()).containsEntry("summary", "Calendar A is steadier");
            assertThat(result.attempts()).hasSize(2);
            assertThat(result.attempts().get(0).violations()).extracting(OutputViolation::code).containsExactly(OutputViolation.NOT_JSON);
            assertThat(server.requests()).hasSize(2)
                    .allSatisfy(request -> assertThat(request.json()).containsEntry("format", "json"));
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> messages =
                    (List<Map<String, Object>>) server.requests().get(1).json().get("messages");
            assertThat(messages).extracting(m -> m.get("role")).containsExactly("system", "user", "assistant", "user");
        }
    }
}
