package org.example.hospital;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keel.core.ConfigurationException;
import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.evidence.EvidenceGate;
import dev.keel.llm.adapters.Environment;
import dev.keel.llm.adapters.config.ConfiguredBackends;
import dev.keel.routing.RoutingDecision;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** One governed decision per kind of principal, and the models this host wired, with no network. */
class WardAssistantGateTest {

    private static final WardAssistantGate GATE = WardAssistantGate.load();
    private static final String QUESTION = "Summarise the lab results in the patient record of MRN-123456";
    private static final String DRAFT = "MRN-123456: potassium is back in range since Tuesday.";

    @Test
    void aPhysicianSeesTheRecordWithoutItsNumberAndIsRoutedTheSameWayEachTime() {
        Principal physician = Principal.of("physician", "patient_confidential");

        WardAssistantGate.Outcome outcome = GATE.decide(physician, QUESTION, DRAFT);

        assertEquals(List.of("patient_records"), outcome.domains());
        assertEquals(Decision.ALLOW, outcome.policy().decision());
        assertTrue(outcome.policy().reasonCodes().contains("role_default_allow"));
        assertEquals("[record number withheld]: potassium is back in range since Tuesday.", outcome.answer().text());
        RoutingDecision route = outcome.route().orElseThrow();
        assertEquals(route.n() % 10, route.index());
        assertEquals(route.index() < 5 ? "on_premises" : "general", route.backendTarget());
        assertEquals(route, GATE.decide(physician, QUESTION, DRAFT).route().orElseThrow());
    }

    @Test
    void aNurseGetsAPartialAnswerAboutPatientRecords() {
        WardAssistantGate.Outcome outcome = GATE.decide(Principal.of("nurse", "staff"), QUESTION, DRAFT);

        assertEquals(Decision.PARTIAL, outcome.policy().decision());
        assertTrue(outcome.policy().reasonCodes().contains("domain_not_allowed"));
        assertEquals(List.of("patient_records"), outcome.policy().restrictedDomains());
    }

    @Test
    void aGuestWithAStaffClearanceAndAnUnknownRoleAreDeniedAndNotRouted() {
        WardAssistantGate.Outcome guest = GATE.decide(Principal.of("guest", "patient_confidential"), QUESTION, DRAFT);
        WardAssistantGate.Outcome visitor = GATE.decide(Principal.of("visitor", "public"), "When are visiting hours?", "");

        assertEquals(Decision.DENY, guest.policy().decision());
        assertTrue(guest.policy().reasonCodes().contains("clearance_not_allowed"));
        assertTrue(guest.route().isEmpty());
        assertEquals(Decision.DENY, visitor.policy().decision());
        assertTrue(visitor.policy().reasonCodes().contains("role_unknown"));
    }

    @Test
    void aTopSecretQuestionStaysOnThePremises() {
        WardAssistantGate.Outcome outcome = GATE.decide(Principal.of("guest", "public"),
                "Top secret: when are visiting hours on the VIP floor?", "From 2 pm.");

        assertEquals(Decision.PARTIAL, outcome.policy().decision());
        RoutingDecision route = outcome.route().orElseThrow();
        assertTrue(route.topSecretInternalOnly());
        assertEquals("on_premises", route.backendTarget());
    }

    @Test
    void theOllamaModelIsBuiltAndTheAbsentAnthropicModuleIsNamed() {
        ConfiguredBackends backends = GATE.backends(Environment.of(Map.of(
                "WARD_MODEL", "llama3.1", "GENERAL_MODEL", "claude-sonnet-4-5", "ANTHROPIC_API_KEY", "sk-ant-test")));

        assertEquals("on_premises", backends.backend("on_premises").id());
        assertEquals("llama3.1", backends.modelName("on_premises"));
        assertFalse(backends.hasModel("extractive"));
        ConfigurationException missing = assertThrows(ConfigurationException.class, () -> backends.backend("general"));
        assertTrue(missing.getMessage().contains("dev.langchain4j:langchain4j-anthropic"), missing.getMessage());
        assertNotNull(EvidenceGate.create());
    }
}
