package org.example.hospital;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keel.core.ConfigurationException;
import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.TokenUsage;
import dev.keel.evidence.EvidenceGate;
import dev.keel.models.Environment;
import dev.keel.models.config.ConfiguredBackends;
import dev.keel.pipeline.GovernedAnswer;
import dev.keel.pipeline.TurnOutcome;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** Governed calls of each kind of principal through this host's own policy, table and models, with no network. */
class WardAssistantGateTest {

    private static final String DRAFT = "MRN-123456: potassium is back in range since Tuesday.";

    private final List<ChatRequest> sentOutside = new CopyOnWriteArrayList<>();
    private final InMemoryAuditSink audit = new InMemoryAuditSink();
    private final WardAssistantGate gate = WardAssistantGate.load(model("on_premises", null), model("general", sentOutside),
            audit);

    private static LlmBackend model(String id, List<ChatRequest> record) {
        return new LlmBackend() {
            @Override
            public ChatReply chat(ChatRequest request) {
                if (record != null) {
                    record.add(request);
                }
                return ChatReply.builder().text(DRAFT).usage(TokenUsage.UNKNOWN).backendId(id).build();
            }

            @Override
            public String id() {
                return id;
            }
        };
    }

    @Test
    void aPhysicianAsksAboutARecordAndTheQuestionNeverLeavesTheHospital() {
        GovernedAnswer answer = gate.ask(Principal.of("physician", "patient_confidential"),
                "Summarise the lab results in the patient record of MRN-123456");

        assertEquals(Decision.ALLOW, answer.decision());
        assertEquals("on_premises", answer.provenance().backendTarget());
        assertEquals("[record number withheld]: potassium is back in range since Tuesday.", answer.text());
        assertTrue(sentOutside.isEmpty());
        assertEquals(1, audit.records().size());
    }

    @Test
    void aNurseGetsAPartialAnswerAndAGuestIsDeniedWithoutAModelCall() {
        GovernedAnswer nurse = gate.ask(Principal.of("nurse", "staff"), "What do the lab results in the patient record say?");
        GovernedAnswer guest = gate.ask(Principal.of("guest", "patient_confidential"), "When are visiting hours?");

        assertEquals(Decision.PARTIAL, nurse.decision());
        assertFalse(nurse.text().matches(".*\\d.*"), nurse.text());
        assertEquals(TurnOutcome.DENIED, guest.outcome());
        assertTrue(guest.calls().isEmpty());
        assertEquals(2, audit.records().size());
    }

    @Test
    void aMarkedQuestionStaysOnThePremisesWhateverTheIndexSays() {
        for (String question : List.of("Strictly confidential: when are visiting hours on the VIP floor?",
                "TOP SECRET when are visiting hours?", "When are visiting hours?" + " ".repeat(7))) {
            GovernedAnswer answer = gate.ask(Principal.of("guest", "public"), question);
            if (!question.startsWith("When")) {
                assertEquals("on_premises", answer.provenance().backendTarget(), question);
            }
        }
        assertTrue(sentOutside.stream().allMatch(r -> r.messages().stream()
                .noneMatch(m -> m.text().toLowerCase().contains("confidential") || m.text().contains("SECRET"))));
    }

    @Test
    void theOllamaModelIsBuiltAndTheAbsentAnthropicModuleIsNamed() {
        ConfiguredBackends backends = gate.backends(Environment.of(Map.of(
                "WARD_MODEL", "llama3.1", "GENERAL_MODEL", "claude-sonnet-4-5", "ANTHROPIC_API_KEY", "sk-ant-test")));

        assertEquals("on_premises", backends.backend("on_premises").id());
        assertEquals("llama3.1", backends.modelName("on_premises"));
        assertFalse(backends.hasModel("extractive"));
        ConfigurationException missing = assertThrows(ConfigurationException.class, () -> backends.backend("general"));
        assertTrue(missing.getMessage().contains("dev.langchain4j:langchain4j-anthropic"), missing.getMessage());
        assertNotNull(EvidenceGate.create());
    }
}
