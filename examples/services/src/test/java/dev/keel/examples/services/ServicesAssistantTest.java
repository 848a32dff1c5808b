package dev.keel.examples.services;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.content.Part;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.ChatRole;
import dev.keel.core.spi.InMemorySessionStore;
import dev.keel.stage.StageFailure;
import dev.keel.stage.ViolationCode;
import dev.keel.test.core.ScriptedBackend;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The orchestrator with a scripted stage model (replies in order, for session s-1): re-asks, failures, the reply. */
@SuppressWarnings("unchecked")
class ServicesAssistantTest {

    private static final String QUESTION = "How do I renew my passport before travelling?";
    private static final String SESSION = "s-1";
    private static final String SCRIPTED = "scripted";

    private static final String JUDGEMENT = """
            {"stage": "judgement_v1", "stageStatus": "ready", "judgements": {"inquiry": true}, "assistantReply": null,
             "nextStep": "agency_detect_v1", "telemetry": {"notes": null}}""";
    /** Counts two agencies but lists one: count_mismatch. */
    private static final String AGENCY_MISCOUNTED = agency("r-agency-%d", 2, "null");
    private static final String AGENCY_CORRECTED = agency("r-agency-fixed", 1, "\"agencyCount now equals the agencies listed\"");
    private static final String CATEGORY = """
            {"session_id": "s-1", "response_id": "r-category", "stage": "category_select_v1",
             "categorySelection": {"candidates": {"identity": {"value": "National identity cards", "score": 0.81}}},
             "nextStep": "service_select_v1", "telemetry": {"notes": null}}""";

    private static String agency(String responseId, int count, String notes) {
        return """
                {"session_id": "s-1", "response_id": "%s", "stage": "agency_detect_v1",
                 "judgements": {"agencyDetected": ["civil_registry"],
                   "agencyInfo": [{"agencyId": "civil_registry", "name": "Kestrian Civil Registry", "path": "/civil-registry",
                                   "description": "Residents' records"}],
                   "agencyCount": %d, "complexity": "low"},
                 "nextStep": "category_select_v1", "telemetry": {"notes": %s}}""".formatted(responseId, count, notes);
    }

    private static String service(String key, String placeholders) {
        return """
                {"session_id": "s-1", "response_id": "r-service", "stage": "service_select_v1",
                 "serviceSelection": {"serviceKey": "%s", "name": "Passport application", "path": "/made/up",
                   "matchedField": "name", "score": 0.88},
                 "template": {"placeholders": %s,
                   "rules": "Tell them the fee is 5 KRN and it takes a day."},
                 "nextStep": "session_end", "telemetry": {"notes": null}}""".formatted(key, placeholders);
    }

    private static ServicesAssistant assistant(ScriptedBackend model, InMemorySessionStore store) {
        return ServicesAssistant.builder().stageModel(model).embeddedModel(model).sessionStore(store).build();
    }

    @Test
    void anInvalidOutputIsAskedAgainWithItsViolationsAsTheTelemetryNoteAndTheCorrectionIsMerged() {
        ScriptedBackend model = ScriptedBackend.replying(SCRIPTED, JUDGEMENT, AGENCY_MISCOUNTED.formatted(1), AGENCY_CORRECTED,
                CATEGORY, service("passport", "{\"service_name\": \"{service_name}\", \"fee\": \"{fee}\"}"));

        ServicesAnswer answer = assistant(model, new InMemorySessionStore()).ask(SESSION, QUESTION);

        assertThat(answer.outcome()).isEqualTo(ServicesAnswer.Outcome.ANSWERED);
        assertThat(answer.steps()).extracting(StageStep::stage, StageStep::attempt, StageStep::valid).containsExactly(
                org.assertj.core.groups.Tuple.tuple("judgement_v1", 1, true),
                org.assertj.core.groups.Tuple.tuple("agency_detect_v1", 1, false),
                org.assertj.core.groups.Tuple.tuple("agency_detect_v1", 2, true),
                org.assertj.core.groups.Tuple.tuple("category_select_v1", 1, true),
                org.assertj.core.groups.Tuple.tuple("service_select_v1", 1, true));
        StageStep rejected = answer.steps().get(1);
        assertThat(rejected.violations()).extracting(v -> v.code()).containsExactly(ViolationCode.COUNT_MISMATCH);
        assertThat(rejected.stateAfter()).isNull();
        assertThat((Map<String, Object>) answer.steps().get(2).stateAfter().get("agency_detect_v1"))
                .containsEntry("agencyCount", java.math.BigDecimal.ONE);

        ChatRequest reask = model.requests().get(2);
        List<ChatMessage> messages = reask.messages();
        assertThat(messages.get(messages.size() - 2)).isEqualTo(ChatMessage.of(ChatRole.ASSISTANT,
                Part.markdown(AGENCY_MISCOUNTED.formatted(1))));
        assertThat(messages.get(messages.size() - 1).role()).isEqualTo(ChatRole.USER);
        assertThat(messages.get(messages.size() - 1).text()).contains("\"telemetry\"").contains("[count_mismatch]");
    }

    @Test
    void anOutputStillInvalidAfterTheLastReaskEndsTheTurnWithNothingOfItMerged() {
        InMemorySessionStore store = new InMemorySessionStore();
        ScriptedBackend model = ScriptedBackend.replying(SCRIPTED, JUDGEMENT, AGENCY_MISCOUNTED.formatted(1),
                AGENCY_MISCOUNTED.formatted(2), AGENCY_MISCOUNTED.formatted(3), CATEGORY);

        ServicesAnswer answer = assistant(model, store).ask(SESSION, QUESTION);

        assertThat(answer.outcome()).isEqualTo(ServicesAnswer.Outcome.NOT_ANSWERED);
        assertThat(answer.failure()).map(StageFailure::reason).contains(StageFailure.Reason.OUTPUT_INVALID);
        assertThat(answer.failure()).map(StageFailure::stageId).contains("agency_detect_v1");
        assertThat(model.requests()).hasSize(4);
        assertThat(answer.steps()).extracting(StageStep::attempt).containsExactly(1, 1, 2, 3);
        assertThat(answer.steps().subList(1, 4)).allSatisfy(step -> assertThat(step.stateAfter()).isNull());
        assertThat(answer.sessionId()).contains(SESSION);
        Map<String, Object> state = store.read(SESSION);
        assertThat(state).containsKeys("session_id", "judgement_v1").doesNotContainKeys("agency_detect_v1", "nextStep");
        assertThat(answer.services()).isEmpty();
        assertThat(answer.text()).startsWith("I could not tell which agency handles your question: the answers to the"
                        + " agency_detect_v1 stage kept breaking its contract (telemetry_note_missing, count_mismatch).")
                .contains("Kestrian Civil Registry (/civil-registry)");
        assertThat(answer.governed().outcome()).isEqualTo(dev.keel.pipeline.TurnOutcome.CLARIFICATION);
    }

    @Test
    void theReplyIsTheCataloguesTemplateWithThePlaceholdersTheModelChoseFilledFromTheCatalogue() {
        ScriptedBackend model = ScriptedBackend.replying(SCRIPTED, JUDGEMENT, AGENCY_CORRECTED, CATEGORY,
                service("passport", "{\"service_name\": \"{service_name}\", \"overview\": \"{overview}\","
                        + " \"fee\": \"{fee}\", \"opening_hours\": \"{opening_hours}\"}"));

        ServicesAnswer answer = assistant(model, new InMemorySessionStore()).ask(SESSION, QUESTION);

        Service passport = Catalogue.shipped().service("passport").orElseThrow();
        // the fee line also needs {processing_time}, which the model did not choose: it is left out
        assertThat(answer.text()).isEqualTo("Passport application (Kestrian Civil Registry)\n" + passport.overview());
        assertThat(answer.text()).doesNotContain("5 KRN", "/made/up");
        Map<String, Object> workflow = (Map<String, Object>) answer.governed().provenance().extension("stage_workflow");
        assertThat(workflow).containsEntry("ignored_placeholders", List.of("opening_hours"))
                .containsEntry("stage_backends", List.of(SCRIPTED)).doesNotContainKey("embedded_stage_model");
    }

    @Test
    void aServiceTheCatalogueLacksIsAContractViolationAndIsNeverDescribed() {
        String unknown = service("space_travel_permit", "{\"service_name\": \"{service_name}\"}");
        ScriptedBackend model = ScriptedBackend.replying(SCRIPTED, JUDGEMENT, AGENCY_CORRECTED, CATEGORY, unknown,
                unknown, unknown);

        ServicesAnswer answer = assistant(model, new InMemorySessionStore()).ask(SESSION, QUESTION);

        assertThat(answer.outcome()).isEqualTo(ServicesAnswer.Outcome.NOT_ANSWERED);
        assertThat(answer.steps()).filteredOn(step -> step.stage().equals("service_select_v1"))
                .allSatisfy(step -> assertThat(step.violations()).extracting(v -> v.code())
                        .contains(ViolationCode.VALUE_NOT_ALLOWED));
        assertThat(answer.text()).startsWith("I could not tell which service fits your question")
                .doesNotContain("space_travel_permit");
        assertThat(answer.services()).isEmpty();
    }

    @Test
    void theSessionIsCarriedAcrossTurnsAndEveryResponseHasANewId() {
        ServicesAssistant assistant = ServicesAssistant.builder().build();

        ServicesAnswer first = assistant.ask(QUESTION);
        String session = first.sessionId().orElseThrow();
        ServicesAnswer second = assistant.ask(session, "My driving licence expires next month");

        assertThat(second.sessionId()).contains(session);
        assertThat(second.services()).containsExactly("driving_licence_renewal");
        List<Map<String, Object>> outputs = java.util.stream.Stream.concat(first.steps().stream(), second.steps().stream())
                .map(step -> JsonCodec.strict().parseObject(step.output())).toList();
        assertThat(outputs).filteredOn(output -> output.containsKey("session_id"))
                .allSatisfy(output -> assertThat(output.get("session_id")).isEqualTo(session));
        List<Object> responseIds = outputs.stream().filter(output -> output.containsKey("response_id"))
                .map(output -> output.get("response_id")).toList();
        assertThat(responseIds).hasSize(6).doesNotHaveDuplicates().doesNotContain(session);
        // the second turn starts from its own slices: the first turn's selection is gone from its state
        assertThat((Map<String, Object>) second.steps().get(second.steps().size() - 1).stateAfter().get("service_select_v1"))
                .extracting(s -> ((Map<String, Object>) s.get("serviceSelection")).get("serviceKey"))
                .isEqualTo("driving_licence_renewal");
    }

    @Test
    void thePersonaBlockIsTheSameFirstMessageOfEveryStagePrompt() {
        ScriptedBackend model = ScriptedBackend.replying(SCRIPTED, JUDGEMENT, AGENCY_CORRECTED, CATEGORY,
                service("passport", "{\"service_name\": \"{service_name}\"}"));

        assistant(model, new InMemorySessionStore()).ask(SESSION, QUESTION);

        ChatMessage persona = model.requests().get(0).messages().get(0);
        assertThat(persona.text()).contains("government-services help desk");
        assertThat(model.requests()).allSatisfy(request -> assertThat(request.messages().get(0)).isEqualTo(persona));
        assertThat(model.requests()).extracting(request -> request.messages().stream()
                .filter(message -> message.equals(persona)).count()).containsOnly(1L);
    }
}
