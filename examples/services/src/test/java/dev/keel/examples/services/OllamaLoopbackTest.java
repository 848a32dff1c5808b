package dev.keel.examples.services;

import static dev.keel.test.core.CoreAssertions.assertThat;

import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.IdSource;
import dev.keel.embeddings.minilm.MiniLmEmbedders;
import dev.keel.models.Environment;
import dev.keel.pipeline.BackendCall;
import dev.keel.test.core.LoopbackModelServer;
import dev.keel.test.core.Reply;
import dev.keel.test.core.WireRequest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * With {@code OLLAMA_HOST} set, every stage is asked of the Ollama model: here the kit's HTTP server on loopback
 * standing in for Ollama's {@code /api/chat}, which answers each stage prompt as the embedded classifier would.
 */
@SuppressWarnings("unchecked")
class OllamaLoopbackTest {

    private static final String QUESTION = "I want to start a business as a limited company: what do I need to register?";
    private static final JsonCodec CODEC = JsonCodec.strict();

    private final EmbeddedStageModel answering = EmbeddedStageModel.create(Catalogue.shipped(),
            MiniLmEmbedders.allMiniLmL6V2(), IdSource.sequential("ollama-response"));
    private LoopbackModelServer ollama;

    @BeforeEach
    void startOllama() {
        ollama = LoopbackModelServer.start();
        ollama.otherwise(Reply.from(request -> answering.chat(request).text()));
    }

    @AfterEach
    void stopOllama() {
        ollama.close();
    }

    private String host() {
        return ollama.baseUrl();
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
        assertThat(ollama).receivedRequests(5).answeredEveryRequest();
        for (WireRequest request : ollama.requests()) {
            assertThat(request.path()).isEqualTo("/api/chat");
            assertThat(request.model()).contains("llama3.1");
            ChatRequest chat = request.chat().orElseThrow();
            Map<String, Object> userBlock = CODEC.parseObject(chat.messages().get(2).text());
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
        ollama.close();
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
