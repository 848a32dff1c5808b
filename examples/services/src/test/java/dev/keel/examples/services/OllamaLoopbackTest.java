package dev.keel.examples.services;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.IdSource;
import dev.keel.embeddings.minilm.MiniLmEmbedders;
import dev.keel.llm.adapters.Environment;
import dev.keel.pipeline.BackendCall;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * With {@code OLLAMA_HOST} set, every stage is asked of the Ollama model: here a real HTTP server on loopback
 * standing in for Ollama's {@code /api/chat}, which answers each stage prompt as the embedded classifier would.
 */
@SuppressWarnings("unchecked")
class OllamaLoopbackTest {

    private static final String QUESTION = "I want to start a business as a limited company: what do I need to register?";
    private static final JsonCodec CODEC = JsonCodec.strict();

    private final List<Map<String, Object>> bodies = Collections.synchronizedList(new ArrayList<>());
    private final EmbeddedStageModel answering = EmbeddedStageModel.create(Catalogue.shipped(),
            MiniLmEmbedders.allMiniLmL6V2(), IdSource.sequential("ollama-response"));
    private HttpServer server;

    @BeforeEach
    void startOllama() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/api/chat", exchange -> {
            Map<String, Object> body = CODEC.parseObject(new String(exchange.getRequestBody().readAllBytes(),
                    StandardCharsets.UTF_8));
            bodies.add(body);
            List<ChatMessage> messages = new ArrayList<>();
            for (Object item : (List<Object>) body.get("messages")) {
                Map<String, Object> message = (Map<String, Object>) item;
                String text = (String) message.get("content");
                messages.add(switch ((String) message.get("role")) {
                    case "system" -> ChatMessage.system(text);
                    case "assistant" -> ChatMessage.assistant(text);
                    default -> ChatMessage.user(text);
                });
            }
            String content = answering.chat(ChatRequest.builder().messages(messages).build()).text();
            byte[] reply = ("{\"model\":\"llama3.1\",\"created_at\":\"2026-01-16T10:00:00Z\",\"message\":{\"role\":"
                    + "\"assistant\",\"content\":" + CODEC.write(content) + "},\"done_reason\":\"stop\",\"done\":true,"
                    + "\"prompt_eval_count\":40,\"eval_count\":12}").getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, reply.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(reply);
            }
        });
        server.start();
    }

    @AfterEach
    void stopOllama() {
        server.stop(0);
    }

    private String host() {
        return "http://" + server.getAddress().getHostString() + ":" + server.getAddress().getPort();
    }

    @Test
    void everyStagePromptReachesOllamaWithTheQuestionAndTheRunCompletesThroughTheValidator() {
        ServicesAssistant assistant = ServicesAssistant.builder()
                .stageModel(ServicesBackends.fromEnvironment(Environment.of(Map.of("OLLAMA_HOST", host(),
                        "OLLAMA_MODEL", "llama3.1"))).orElseThrow())
                .build();

        ServicesAnswer answer = assistant.ask(QUESTION);

        assertThat(answer.outcome()).isEqualTo(ServicesAnswer.Outcome.ANSWERED);
        assertThat(answer.services()).contains("company_registration", "business_tax_registration");
        assertThat(answer.steps()).extracting(StageStep::stage).containsExactly("judgement_v1", "agency_detect_v1",
                "semantic_analysis_v1", "service_select_v1", "multi_agency_service_answer_v1");
        assertThat(answer.steps()).allSatisfy(step -> {
            assertThat(step.backend()).isEqualTo(ServicesBackends.OLLAMA);
            assertThat(step.valid()).as(step.output()).isTrue();
        });
        assertThat(bodies).hasSize(5);
        for (Map<String, Object> body : bodies) {
            assertThat(body).containsEntry("model", "llama3.1");
            List<Object> messages = (List<Object>) body.get("messages");
            Map<String, Object> userBlock = CODEC.parseObject((String) ((Map<String, Object>) messages.get(2)).get("content"));
            assertThat((Map<String, Object>) userBlock.get("input")).containsEntry("user_prompt", QUESTION);
        }
        assertThat(answer.governed().provenance().backendUsed()).isEqualTo(ServicesBackends.OLLAMA);
        Map<String, Object> workflow = (Map<String, Object>) answer.governed().provenance().extension("stage_workflow");
        assertThat(workflow).containsEntry("stage_backends", List.of(ServicesBackends.OLLAMA))
                .doesNotContainKey("embedded_stage_model");
    }

    @Test
    void withoutAReachableOllamaTheEmbeddedClassifierAnswersAndTheProvenanceSaysSo() {
        String unreachable = host();
        server.stop(0);
        ServicesAssistant assistant = ServicesAssistant.builder()
                .stageModel(ServicesBackends.fromEnvironment(Environment.of(Map.of("OLLAMA_HOST", unreachable)))
                        .orElseThrow())
                .build();

        ServicesAnswer answer = assistant.ask("How do I renew my passport before travelling?");

        assertThat(answer.services()).containsExactly("passport");
        assertThat(answer.steps()).allSatisfy(step -> assertThat(step.backend()).isEqualTo(EmbeddedStageModel.ID));
        Map<String, Object> workflow = (Map<String, Object>) answer.governed().provenance().extension("stage_workflow");
        assertThat((String) workflow.get("embedded_stage_model")).startsWith("a classifier, not a language model");
        // each stage: the failed call to Ollama, then the embedded classifier's answer, with the reason
        assertThat(answer.governed().calls()).filteredOn(BackendCall::external).hasSize(answer.steps().size())
                .allSatisfy(call -> assertThat(call.usedReason()).isEqualTo("backend_retriable"));
        assertThat(answer.governed().calls()).filteredOn(call -> !call.external()).hasSize(answer.steps().size())
                .allSatisfy(call -> {
                    assertThat(call.target()).isEqualTo(ServicesAssistant.STAGE_MODEL);
                    assertThat(call.used()).isEqualTo(EmbeddedStageModel.ID);
                    assertThat(call.usedReason()).startsWith("ollama failed").endsWith("answered by " + EmbeddedStageModel.ID);
                });
    }

    @Test
    void withoutOllamaHostNoStageModelIsConfigured() {
        assertThat(ServicesBackends.fromEnvironment(Environment.of(Map.of()))).isEmpty();
    }
}
