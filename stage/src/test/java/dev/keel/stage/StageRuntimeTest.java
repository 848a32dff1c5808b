package dev.keel.stage;

import static dev.keel.stage.StageFixtures.AGENCY_HIGH;
import static dev.keel.stage.StageFixtures.AGENCY_LOW;
import static dev.keel.stage.StageFixtures.CATEGORY;
import static dev.keel.stage.StageFixtures.JUDGEMENT_INQUIRY;
import static dev.keel.stage.StageFixtures.JUDGEMENT_SMALL_TALK;
import static dev.keel.stage.StageFixtures.MULTI_AGENCY;
import static dev.keel.stage.StageFixtures.SEMANTIC;
import static dev.keel.stage.StageFixtures.SERVICE_HIGH;
import static dev.keel.stage.StageFixtures.SERVICE_LOW;
import static dev.keel.stage.StageFixtures.SESSION;
import static dev.keel.test.core.CoreAssertions.assertThat;
import static dev.keel.test.core.CoreAssertions.assertThatThrownBy;

import dev.keel.core.ConfigurationException;
import dev.keel.core.InvalidContractException;
import dev.keel.core.InvalidInputException;
import dev.keel.core.NonRetriableBackendException;
import dev.keel.core.RetriableBackendException;
import dev.keel.core.content.Part;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.ChatRole;
import dev.keel.core.spi.IdSource;
import dev.keel.core.spi.InMemorySessionStore;
import dev.keel.core.spi.ResponseFormat;
import dev.keel.core.spi.TokenUsage;
import dev.keel.test.core.Reply;
import dev.keel.test.core.ScriptedBackend;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** End-to-end runs over the built-in contracts with a scripted backend. */
@SuppressWarnings("unchecked")
class StageRuntimeTest {

    /** What the scripted backend reports itself as. */
    private static final String ID = "scripted";

    private static final Map<String, Object> DICTIONARY = Map.of("tax_agency", Map.of("income_tax_filing", "Income tax"));
    private static final List<Object> SERVICE_INDEX = List.of(Map.of("key", "income_tax_return", "name", "Income Tax Return"));

    private final InMemorySessionStore store = new InMemorySessionStore();

    private StageRuntime runtime(ScriptedBackend backend) {
        return StageRuntime.builder().backend(backend).contracts(StageFixtures.SERVICES).sessionStore(store).idSource(IdSource.sequential("run")).build();
    }

    private static StageRequest request(String prompt) {
        return StageRequest.builder().sessionId(SESSION).userPrompt(prompt)
                .slot(StageFixtures.KNOWLEDGE_BASE_DICTIONARY, DICTIONARY).slot(StageFixtures.SERVICE_INDEX_SLOT, SERVICE_INDEX)
                .build();
    }

    /** A copy of {@code json} with {@code from} replaced by {@code to} (which must occur). */
    private static String replace(String json, String from, String to) {
        assertThat(json).contains(from);
        return json.replace(from, to);
    }

    private static String withNote(String json) {
        return replace(json, "\"telemetry\": {\"notes\": null}", "\"telemetry\": {\"notes\": \"fixed as asked\"}");
    }

    @Test
    void lowComplexityPathRunsToSessionEnd() {
        ScriptedBackend backend = ScriptedBackend.named(ID).onPurpose("judgement_v1", JUDGEMENT_INQUIRY)
                .onPurpose("agency_detect_v1", AGENCY_LOW).onPurpose("category_select_v1", CATEGORY)
                .onPurpose("service_select_v1", SERVICE_LOW);

        StageRun run = runtime(backend).run(request("How do I file my income tax?"));

        assertThat(run.completed()).isTrue();
        assertThat(run.stages()).containsExactly("judgement_v1", "agency_detect_v1", "category_select_v1",
                "service_select_v1", "session_end");
        assertThat(run.attempts()).hasSize(4).allSatisfy(attempt -> assertThat(attempt.valid()).isTrue());
        assertThat(run.assistantReply()).isEmpty();
        assertThat(run.sessionId()).isEqualTo(SESSION);
        assertThat(run.runId()).isEqualTo("run-1");
        assertThat(run.finalState().keySet()).containsExactly("session_id", "judgement_v1", "agency_detect_v1",
                "nextStep", "category_select_v1", "service_select_v1");
        assertThat(run.finalState().get("nextStep")).isEqualTo("session_end");
        assertThat((Map<String, Object>) run.finalState().get("service_select_v1")).containsKeys("serviceSelection", "template");
        assertThat(store.read(SESSION)).isEqualTo(run.finalState());
        assertThat(backend.requests()).extracting(request -> request.purpose().orElseThrow())
                .containsExactly("judgement_v1", "agency_detect_v1", "category_select_v1", "service_select_v1");
        assertThat(backend).answeredEveryRequest();
        assertThat(run.usage().inputTokens()).isPositive()
                .isEqualTo(run.attempts().stream().mapToLong(attempt -> attempt.usage().inputTokens()).sum());
    }

    @Test
    void highComplexityPathSynthesisesTheFinalReply() {
        ScriptedBackend backend = ScriptedBackend.replying(ID, JUDGEMENT_INQUIRY, AGENCY_HIGH, SEMANTIC, SERVICE_HIGH, MULTI_AGENCY);

        StageRun run = runtime(backend).run(request("I want to open a café. What do I need?"));

        assertThat(run.completed()).isTrue();
        assertThat(run.stages()).containsExactly("judgement_v1", "agency_detect_v1", "semantic_analysis_v1",
                "service_select_v1", "multi_agency_service_answer_v1", "session_end");
        assertThat(run.assistantReply()).hasValueSatisfying(reply -> assertThat(reply).startsWith("To open your café"));
        assertThat(run.finalState()).containsKeys("semantic_analysis_v1", "multi_agency_service_answer_v1")
                .doesNotContainKey("category_select_v1");
    }

    @Test
    void smallTalkEndsAfterJudgementWithItsGuidance() {
        ScriptedBackend backend = ScriptedBackend.replying(ID, JUDGEMENT_SMALL_TALK);

        StageRun run = runtime(backend).run(StageRequest.builder().sessionId(SESSION).userPrompt("hi!").build());

        assertThat(run.stages()).containsExactly("judgement_v1", "session_end");
        assertThat(run.assistantReply()).hasValueSatisfying(reply -> assertThat(reply).startsWith("I can help"));
        assertThat(run.finalState()).containsOnlyKeys("session_id", "judgement_v1");
    }

    @Test
    void promptsReuseThePersonaBlockAndCarryTheStageInputs() {
        ScriptedBackend backend = ScriptedBackend.replying(ID, JUDGEMENT_INQUIRY, AGENCY_LOW, CATEGORY, SERVICE_LOW);

        runtime(backend).run(StageRequest.builder().sessionId(SESSION).userPrompt("How do I file my income tax?")
                .chatContextSummary(List.of("asked about refunds")).runtimeDirective("prefer online services")
                .slot(StageFixtures.KNOWLEDGE_BASE_DICTIONARY, DICTIONARY).slot(StageFixtures.SERVICE_INDEX_SLOT, SERVICE_INDEX).build());

        List<ChatRequest> requests = backend.requests();
        ChatMessage persona = requests.get(0).messages().get(0);
        assertThat(persona.role()).isEqualTo(ChatRole.SYSTEM);
        assertThat(persona.text()).contains("government-services help desk").contains("single JSON object");
        for (ChatRequest request : requests) {
            assertThat(request.messages().get(0)).isSameAs(persona);
            assertThat(request.messages()).hasSize(3);
            assertThat(request.responseFormat()).isEqualTo(ResponseFormat.JSON);
            assertThat(request.requestId()).contains("run-1");
        }
        Map<String, Object> judgementInput = userInput(requests.get(0));
        assertThat(judgementInput).containsOnlyKeys("user_prompt", "chat_context_summary");
        assertThat(requests.get(0).messages().get(1).text()).contains("judgement_v1").contains("no \"session_id\"");
        Map<String, Object> agencyInput = userInput(requests.get(1));
        assertThat(agencyInput.keySet()).containsExactly("user_prompt", "cached_state", "runtime_directive");
        assertThat(agencyInput).containsEntry("user_prompt", "How do I file my income tax?");
        assertThat((Map<String, Object>) agencyInput.get("cached_state"))
                .containsEntry("session_id", SESSION).containsEntry("judgement_v1", Map.of("inquiry", true));
        assertThat(userInput(requests.get(2)).keySet()).containsExactly("user_prompt", "cached_state", "KnowledgeBase_Dictionary");
        assertThat(userInput(requests.get(3)).keySet())
                .containsExactly("user_prompt", "cached_state", "service_index", "KnowledgeBase_Dictionary");
        assertThat(requests.get(3).messages().get(1)).isNotSameAs(requests.get(2).messages().get(1));
    }

    private static Map<String, Object> userInput(ChatRequest request) {
        ChatMessage user = request.messages().get(2);
        assertThat(user.role()).isEqualTo(ChatRole.USER);
        return (Map<String, Object>) StageFixtures.parse(user.text()).get("input");
    }

    @Test
    void anInvalidOutputIsReaskedWithItsViolationsAndTheCorrectionIsMerged() {
        String imprecise = replace(CATEGORY, "0.61", "0.6");
        ScriptedBackend backend = ScriptedBackend.replying(ID, JUDGEMENT_INQUIRY, AGENCY_LOW, imprecise,
                withNote(CATEGORY), SERVICE_LOW);

        StageRun run = runtime(backend).run(request("How do I file my income tax?"));

        assertThat(run.completed()).isTrue();
        List<StageAttempt> category = run.attempts().stream().filter(a -> a.stageId().equals("category_select_v1")).toList();
        assertThat(category).hasSize(2);
        assertThat(category.get(0).violations()).extracting(v -> v.code().code()).containsExactly("score_precision");
        assertThat(category.get(0).rawOutput()).isEqualTo(imprecise);
        assertThat(category.get(1).valid()).isTrue();
        assertThat(category.get(1).attempt()).isEqualTo(2);
        assertThat(category.get(1).prompt().reask()).isTrue();
        assertThat(category.get(1).prompt().messages()).isEqualTo(5);

        ChatRequest reask = backend.requests().get(3);
        assertThat(reask.messages().get(3)).isEqualTo(ChatMessage.of(ChatRole.ASSISTANT, Part.markdown(imprecise)));
        String correction = reask.messages().get(4).text();
        assertThat(correction).contains("\"telemetry\"").contains("score_precision")
                .contains("/categorySelection/candidates/tax_refund/score");
        assertThat((Map<String, Object>) ((Map<String, Object>) run.finalState().get("category_select_v1")).get("candidates"))
                .containsKeys("income_tax_filing", "tax_refund");
    }

    @Test
    void anOutputInvalidBeyondTheBoundFailsAndMergesNothingOfIt() {
        String fenced = "```json\n" + CATEGORY + "\n```";
        ScriptedBackend backend = ScriptedBackend.replying(ID, JUDGEMENT_INQUIRY, AGENCY_LOW, fenced, fenced, fenced);

        StageRun run = runtime(backend).run(request("How do I file my income tax?"));

        assertThat(run.completed()).isFalse();
        StageFailure failure = run.failure().orElseThrow();
        assertThat(failure.reason()).isEqualTo(StageFailure.Reason.OUTPUT_INVALID);
        assertThat(failure.stageId()).isEqualTo("category_select_v1");
        assertThat(failure.violations()).extracting(v -> v.code().code()).containsExactly("output_not_json");
        assertThat(run.attempts()).hasSize(5);
        assertThat(run.stages()).containsExactly("judgement_v1", "agency_detect_v1", "category_select_v1");
        assertThat(run.finalState()).doesNotContainKey("category_select_v1").containsEntry("nextStep", "category_select_v1");
        assertThat(backend.unusedReplies()).isZero();
    }

    @Test
    void theReaskBoundIsConfigurable() {
        ScriptedBackend backend = ScriptedBackend.replying(ID, "not json");

        StageRun run = StageRuntime.builder().backend(backend).contracts(StageFixtures.SERVICES).sessionStore(store).maxReasks(0).build()
                .run(StageRequest.builder().userPrompt("hello").build());

        assertThat(run.failure()).hasValueSatisfying(f -> assertThat(f.reason()).isEqualTo(StageFailure.Reason.OUTPUT_INVALID));
        assertThat(run.attempts()).hasSize(1);
        assertThatThrownBy(() -> StageRuntime.builder().maxReasks(-1)).isInstanceOf(ConfigurationException.class);
    }

    @Test
    void aSessionIdMismatchIsReasked() {
        String otherSession = replace(AGENCY_LOW, SESSION, "0000-other-session");
        ScriptedBackend backend = ScriptedBackend.replying(ID, JUDGEMENT_INQUIRY, otherSession, withNote(AGENCY_LOW),
                CATEGORY, SERVICE_LOW);

        StageRun run = runtime(backend).run(request("How do I file my income tax?"));

        assertThat(run.completed()).isTrue();
        assertThat(run.attempts().get(1).violations()).extracting(v -> v.code().code() + " " + v.path())
                .containsExactly("session_id_mismatch /session_id");
    }

    @Test
    void aNextStepTheContractDoesNotAllowIsReasked() {
        String jump = replace(CATEGORY, "\"nextStep\": \"service_select_v1\"", "\"nextStep\": \"session_end\"");
        ScriptedBackend backend = ScriptedBackend.replying(ID, JUDGEMENT_INQUIRY, AGENCY_LOW, jump, jump, jump);

        StageRun run = runtime(backend).run(request("How do I file my income tax?"));

        StageFailure failure = run.failure().orElseThrow();
        assertThat(failure.violations()).extracting(v -> v.code().code()).contains("next_step_not_allowed");
        assertThat(run.stages()).doesNotContain("session_end");
    }

    @Test
    void aCorrectionWithoutATelemetryNoteIsStillInvalid() {
        String imprecise = replace(CATEGORY, "0.61", "0.6");
        ScriptedBackend backend = ScriptedBackend.replying(ID, JUDGEMENT_INQUIRY, AGENCY_LOW, imprecise, CATEGORY,
                withNote(CATEGORY), SERVICE_LOW);

        StageRun run = runtime(backend).run(request("How do I file my income tax?"));

        assertThat(run.completed()).isTrue();
        assertThat(run.attempts().get(3).violations()).extracting(v -> v.code().code()).containsExactly("telemetry_note_missing");
    }

    @Test
    void aResponseIdUsedEarlierInTheRunIsReasked() {
        String reused = replace(CATEGORY, "r-category-1", "r-agency-1");
        ScriptedBackend backend = ScriptedBackend.replying(ID, JUDGEMENT_INQUIRY, AGENCY_LOW, reused, withNote(CATEGORY), SERVICE_LOW);

        StageRun run = runtime(backend).run(request("How do I file my income tax?"));

        assertThat(run.completed()).isTrue();
        assertThat(run.attempts().get(2).violations()).extracting(v -> v.code().code()).containsExactly("response_id_not_fresh");
    }

    @Test
    void backendFailuresPropagateTyped() {
        RetriableBackendException timeout = new RetriableBackendException(ID, "timed out", null);
        ScriptedBackend failing = ScriptedBackend.replying(ID, JUDGEMENT_INQUIRY).then(Reply.throwing(timeout));

        assertThatThrownBy(() -> runtime(failing).run(request("tax?"))).isSameAs(timeout);
        assertThat(store.read(SESSION)).containsEntry("judgement_v1", Map.of("inquiry", true));

        IllegalStateException closed = new IllegalStateException("socket closed");
        ScriptedBackend broken = ScriptedBackend.named(ID).then(Reply.throwing(closed));
        // Named by its type, never by its text (which may carry what a provider said); the cause is kept.
        assertThatThrownBy(() -> runtime(broken).run(request("tax?")))
                .isInstanceOf(NonRetriableBackendException.class)
                .hasMessageContaining("IllegalStateException").hasMessageNotContaining("socket closed").hasCause(closed)
                .satisfies(e -> assertThat(((NonRetriableBackendException) e).backendId()).isEqualTo(ID));
    }

    @Test
    void aRequiredSlotNobodySuppliesIsAnInputError() {
        ScriptedBackend backend = ScriptedBackend.replying(ID, JUDGEMENT_INQUIRY, AGENCY_LOW);

        assertThatThrownBy(() -> runtime(backend).run(StageRequest.builder().sessionId(SESSION).userPrompt("tax?").build()))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("input.KnowledgeBase_Dictionary")
                .satisfies(e -> assertThat(((InvalidInputException) e).code()).isEqualTo("missing_input"));
    }

    @Test
    void aSlotResolverSuppliesSlotsFromTheStateSoFar() {
        ScriptedBackend backend = ScriptedBackend.replying(ID, JUDGEMENT_INQUIRY, AGENCY_LOW, CATEGORY, SERVICE_LOW);
        SlotResolver resolver = (slot, stageId, state) -> {
            if (!slot.equals(StageFixtures.SERVICE_INDEX_SLOT) && !slot.equals(StageFixtures.KNOWLEDGE_BASE_DICTIONARY)) {
                return null;
            }
            Map<String, Object> agency = (Map<String, Object>) state.get("agency_detect_v1");
            String agencyId = (String) ((List<Object>) agency.get("agencyDetected")).get(0);
            return slot.equals(StageFixtures.SERVICE_INDEX_SLOT) ? Map.of("agency", agencyId, "services", SERVICE_INDEX)
                    : DICTIONARY.get(agencyId);
        };

        StageRun run = runtime(backend).run(StageRequest.builder().sessionId(SESSION).userPrompt("tax?").slotResolver(resolver).build());

        assertThat(run.completed()).isTrue();
        assertThat((Map<String, Object>) userInput(backend.requests().get(3)).get("service_index")).containsEntry("agency", "tax_agency");
    }

    @Test
    void eachRunStartsFromTheSessionWithoutTheLastTurnsSlices() {
        store.update(SESSION, state -> {
            Map<String, Object> earlier = new LinkedHashMap<>();
            earlier.put("session_id", SESSION);
            earlier.put("semantic_analysis_v1", Map.of("stale", true));
            earlier.put("nextStep", "session_end");
            earlier.put("host_profile", Map.of("language", "en"));
            return earlier;
        });
        ScriptedBackend backend = ScriptedBackend.replying(ID, JUDGEMENT_INQUIRY, AGENCY_LOW, CATEGORY, SERVICE_LOW);

        StageRun run = runtime(backend).run(request("tax?"));

        assertThat(run.finalState()).doesNotContainKey("semantic_analysis_v1").containsEntry("host_profile", Map.of("language", "en"));
        assertThat((Map<String, Object>) userInput(backend.requests().get(1)).get("cached_state")).doesNotContainKey("semantic_analysis_v1");
    }

    @Test
    void aNewSessionGetsAnIdFromTheIdSource() {
        ScriptedBackend backend = ScriptedBackend.replying(ID, JUDGEMENT_SMALL_TALK);

        StageRun run = runtime(backend).run(StageRequest.builder().userPrompt("hi").build());

        assertThat(run.runId()).isEqualTo("run-1");
        assertThat(run.sessionId()).isEqualTo("run-2");
        assertThat(store.read("run-2")).containsEntry("session_id", "run-2");
    }

    // ---- host contracts ----

    private static StageContract hostStage(String id, String next) {
        return StageContract.builder(id).directive("Answer.").input(InputSlot.CACHED_STATE, true)
                .sessionFields(SessionFields.OMIT)
                .output(Shape.object().required("answer", Shape.nonBlankString()))
                .nextStep(NextStepRule.anyOf(next))
                .mergeSlice(StateSlice.copy(id, "/answer"))
                .build();
    }

    private static String hostOutput(String id, String next) {
        return "{\"stage\": \"" + id + "\", \"answer\": \"ok\", \"nextStep\": \"" + next + "\", \"telemetry\": {\"notes\": null}}";
    }

    @Test
    void aStateThatFailsAPreconditionEndsTheRunWithoutCallingTheModel() {
        StageContract gated = hostStage("gated", "end").toBuilder().rule(StageRule.stateEquals("/approved", true)).build();
        StageContract end = StageContract.builder("end").kind(StageKind.END).build();
        ScriptedBackend backend = ScriptedBackend.named(ID);

        StageRun run = StageRuntime.builder().backend(backend).contracts(StageContracts.of(gated, end)).entryStage("gated")
                .build().run(StageRequest.builder().build());

        assertThat(run.failure()).hasValueSatisfying(failure -> {
            assertThat(failure.reason()).isEqualTo(StageFailure.Reason.STATE_PRECONDITION_FAILED);
            assertThat(failure.violations()).extracting(v -> v.code().code()).containsExactly("state_precondition_failed");
        });
        assertThat(backend).wasNeverCalled();
    }

    @Test
    void aCycleOfStagesStopsAtTheStageLimit() {
        StageContract ping = hostStage("ping", "pong").toBuilder().nextStep(NextStepRule.anyOf("pong", "end")).build();
        StageContract pong = hostStage("pong", "ping");
        StageContract end = StageContract.builder("end").kind(StageKind.END).build();
        ScriptedBackend backend = ScriptedBackend.replying(ID, hostOutput("ping", "pong"), hostOutput("pong", "ping"),
                hostOutput("ping", "pong"));

        StageRun run = StageRuntime.builder().backend(backend).contracts(StageContracts.of(ping, pong, end)).entryStage("ping")
                .maxStages(3).build().run(StageRequest.builder().build());

        assertThat(run.failure()).hasValueSatisfying(f -> assertThat(f.reason()).isEqualTo(StageFailure.Reason.STAGE_LIMIT_EXCEEDED));
        assertThat(run.attempts()).hasSize(3);
        assertThat(run.assistantReply()).isEmpty();
        assertThat(backend.requests().get(0).messages().get(0).text()).startsWith("Output conventions");
    }

    @Test
    void contractsThatDoNotFormAWorkflowAreRefusedWhenBuilt() {
        StageContract dangling = hostStage("alone", "nowhere");
        assertThatThrownBy(() -> StageRuntime.builder().backend(ScriptedBackend.named(ID))
                .contracts(StageContracts.of(dangling)).entryStage("alone").build())
                .isInstanceOf(InvalidContractException.class).hasMessageContaining("'nowhere'");

        StageContract loop = hostStage("loop", "loop");
        assertThatThrownBy(() -> StageRuntime.builder().backend(ScriptedBackend.named(ID))
                .contracts(StageContracts.of(loop)).entryStage("loop").build())
                .isInstanceOf(InvalidContractException.class).hasMessageContaining("no end stage");

        assertThatThrownBy(() -> StageRuntime.builder().backend(ScriptedBackend.named(ID)).contracts(StageFixtures.SERVICES).entryStage("missing").build())
                .isInstanceOf(InvalidContractException.class).hasMessageContaining("'missing'");
        assertThatThrownBy(() -> StageRuntime.builder().build()).isInstanceOf(ConfigurationException.class);
    }

    @Test
    void theTraceRecordsUsageAndBackendOfEveryAttempt() {
        ScriptedBackend backend = ScriptedBackend.named(ID).then(Reply.text("{}").withUsage(new TokenUsage(100, 0)),
                Reply.text(JUDGEMENT_SMALL_TALK.replace("\"notes\": null", "\"notes\": \"complete now\""))
                        .withUsage(new TokenUsage(100, 40)));

        StageRun run = runtime(backend).run(StageRequest.builder().sessionId(SESSION).userPrompt("hi").build());

        assertThat(run.attempts()).extracting(StageAttempt::backendId).containsOnly(ID);
        assertThat(run.attempts().get(0).violations()).extracting(v -> v.code().code())
                .contains("missing_field").doesNotContain("telemetry_note_missing");
        assertThat(run.attempts().get(0).usage()).isEqualTo(new TokenUsage(100, 0));
        assertThat(run.attempts().get(0).prompt().slots()).containsExactly("user_prompt");
        assertThat(run.usage().inputTokens()).isEqualTo(200);
    }
}
