package dev.keel.examples.services;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.io.TextSources;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.AuditRecord;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.models.Environment;
import dev.keel.pipeline.TurnOutcome;
import dev.keel.stage.StageFailure;
import dev.keel.stage.ViolationCode;
import dev.keel.test.core.LoopbackModelServer;
import dev.keel.test.core.Reply;
import dev.keel.test.core.WireRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The assistant against a model on a loopback server that follows each stage's protocol from a script
 * ({@link StageProtocol}), reached as a user reaches one: {@code OLLAMA_HOST}. Every catalogue question is answered;
 * an agency, category or service the catalogue lacks is asked again and then answered, or ends the turn with a
 * clarification that says what could not be told; a follow-up keeps the earlier turn's service.
 */
@SuppressWarnings("unchecked")
class ServicesProtocolTest {

    private static final JsonCodec CODEC = JsonCodec.strict();
    private static final String LICENCE = "How do I renew my driving licence?";

    private static LoopbackModelServer server;
    private static volatile Function<ChatRequest, String> script;
    private static ServicesAssistant assistant;
    private static InMemoryAuditSink audit;
    private final StageProtocol protocol = new StageProtocol();

    @BeforeAll
    static void start() {
        server = LoopbackModelServer.start();
        server.otherwise(Reply.from(request -> script.apply(request)));
        audit = new InMemoryAuditSink();
        assistant = ServicesAssistant.builder()
                .stageModel(ServicesBackends.fromEnvironment(Environment.of(Map.of("OLLAMA_HOST", server.baseUrl())))
                        .orElseThrow())
                .auditSink(audit)
                .build();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @BeforeEach
    void followTheProtocol() {
        script = request -> protocol.reply(request, StageProtocol.Plan.of("driving_licence_renewal"));
    }

    /** The requests of one stage that the server received since {@code from}. */
    private static List<ChatRequest> requestsOf(String stage, int from) {
        List<WireRequest> all = server.requests();
        List<ChatRequest> found = new ArrayList<>();
        for (WireRequest request : all.subList(from, all.size())) {
            ChatRequest chat = request.chat().orElseThrow();
            if (StageProtocol.stageOf(chat).equals(stage)) {
                found.add(chat);
            }
        }
        return found;
    }

    record Question(String question, String kind, List<String> expected) {
    }

    static List<Question> questions() {
        List<Question> questions = new ArrayList<>();
        for (Object item : (List<Object>) CODEC.parse(TextSources.readResource(ServicesProtocolTest.class.getClassLoader(),
                "dev/keel/examples/services/questions.json"))) {
            Map<String, Object> q = (Map<String, Object>) item;
            questions.add(new Question((String) q.get("question"), (String) q.get("kind"), (List<String>) q.get("expected")));
        }
        return questions;
    }

    /** What the scripted model makes of a catalogue question: its expected services (the first of ambiguous ones). */
    static StageProtocol.Plan planOf(Question question) {
        return switch (question.kind()) {
            case "small_talk" -> StageProtocol.Plan.smallTalk();
            case "two_agencies" -> new StageProtocol.Plan(true, question.expected());
            default -> StageProtocol.Plan.of(question.expected().get(0));
        };
    }

    @Test
    void everyCatalogueQuestionIsAnsweredByAModelThatFollowsTheProtocol() {
        for (Question question : questions()) {
            StageProtocol.Plan plan = planOf(question);
            script = request -> protocol.reply(request, plan);

            ServicesAnswer answer = assistant.ask(question.question());

            assertThat(answer.steps()).as(question.question()).allSatisfy(step -> {
                assertThat(step.valid()).as(step.output()).isTrue();
                assertThat(step.backend()).isEqualTo(ServicesBackends.OLLAMA);
            });
            if (plan.inquiry()) {
                assertThat(answer.outcome()).as(question.question()).isEqualTo(ServicesAnswer.Outcome.ANSWERED);
                assertThat(answer.services()).as(question.question()).containsExactlyElementsOf(plan.services());
            } else {
                assertThat(answer.outcome()).as(question.question()).isEqualTo(ServicesAnswer.Outcome.GUIDANCE);
            }
        }
    }

    @Test
    void agencyDetectionIsGivenTheCataloguesAgenciesToChooseFrom() {
        int before = server.requests().size();

        assistant.ask(LICENCE);

        Map<String, Object> input = StageProtocol.inputOf(requestsOf("agency_detect_v1", before).get(0));
        assertThat((List<Object>) input.get(ServicesContracts.AGENCY_CATALOG))
                .containsExactlyElementsOf(Catalogue.shipped().agencies().stream().map(Agency::info).toList());
        assertThat(requestsOf("agency_detect_v1", before).get(0).messages().get(1).text())
                .contains("Choose agencies only from input.agency_catalog");
    }

    /** The valid reply of the stage with the string {@code from} replaced by {@code to} on its first attempts. */
    private void misnaming(String stage, String from, String to, int attempts) {
        StageProtocol.Plan plan = StageProtocol.Plan.of("driving_licence_renewal");
        int[] seen = {0};
        script = request -> {
            String valid = protocol.reply(request, plan);
            return StageProtocol.stageOf(request).equals(stage) && ++seen[0] <= attempts ? valid.replace(from, to) : valid;
        };
    }

    @Test
    void anAgencyTheCatalogueLacksIsAskedAgainWithTheViolationAndTheCorrectionIsAnswered() {
        misnaming("agency_detect_v1", "\"transport_authority\"", "\"driving_licence_office\"", 1);
        int before = server.requests().size();

        ServicesAnswer answer = assistant.ask(LICENCE);

        assertThat(answer.outcome()).isEqualTo(ServicesAnswer.Outcome.ANSWERED);
        assertThat(answer.services()).containsExactly("driving_licence_renewal");
        StageStep rejected = answer.steps().get(1);
        assertThat(rejected.stage()).isEqualTo("agency_detect_v1");
        assertThat(rejected.violations()).extracting(v -> v.code(), v -> v.path()).contains(
                org.assertj.core.groups.Tuple.tuple(ViolationCode.VALUE_NOT_ALLOWED, "/judgements/agencyDetected/0"),
                org.assertj.core.groups.Tuple.tuple(ViolationCode.VALUE_NOT_ALLOWED, "/judgements/agencyInfo/0/agencyId"));
        assertThat(answer.steps().get(2).stage()).isEqualTo("agency_detect_v1");
        assertThat(answer.steps().get(2).attempt()).isEqualTo(2);
        assertThat(answer.steps().get(2).output()).contains("corrected the output");
        ChatRequest reask = requestsOf("agency_detect_v1", before).get(1);
        assertThat(reask.messages().get(reask.messages().size() - 1).text()).contains("value_not_allowed")
                .contains("driving_licence_office").contains("transport_authority");
        Map<String, Object> workflow = (Map<String, Object>) answer.governed().provenance().extension("stage_workflow");
        assertThat((List<Object>) workflow.get("reasks")).containsExactly(Map.of("stage", "agency_detect_v1",
                "attempt", 1, "codes", List.of("value_not_allowed")));
    }

    @Test
    void anAgencyStillUnknownAfterTheReasksEndsTheTurnWithAClarificationThatSaysSo() {
        misnaming("agency_detect_v1", "\"transport_authority\"", "\"driving_licence_office\"", 3);

        ServicesAnswer answer = assistant.ask(LICENCE);

        assertThat(answer.outcome()).isEqualTo(ServicesAnswer.Outcome.NOT_ANSWERED);
        assertThat(answer.governed().outcome()).isEqualTo(TurnOutcome.CLARIFICATION);
        assertThat(answer.failure()).map(StageFailure::reason).contains(StageFailure.Reason.OUTPUT_INVALID);
        assertThat(answer.text()).startsWith("I could not tell which agency handles your question: the answers to the"
                + " agency_detect_v1 stage kept breaking its contract (value_not_allowed).")
                .contains("Road Transport Authority");
        assertThat(answer.services()).isEmpty();
        Map<String, Object> workflow = (Map<String, Object>) answer.governed().provenance().extension("stage_workflow");
        assertThat(workflow.get("failure")).isEqualTo(Map.of("reason", "output_invalid", "stage", "agency_detect_v1",
                "codes", List.of("value_not_allowed")));
        AuditRecord record = audit.find(answer.governed().requestId()).orElseThrow();
        assertThat((Map<String, Object>) ((Map<String, Object>) record.payload().get("details")).get("stage_workflow"))
                .containsEntry("outcome", "not_answered");
    }

    @Test
    void aCategoryOrServiceTheCatalogueLacksIsAskedAgainToo() {
        misnaming("category_select_v1", "\"driving_licences\"", "\"motoring\"", 1);
        ServicesAnswer category = assistant.ask(LICENCE);
        misnaming("service_select_v1", "\"driving_licence_renewal\"", "\"licence_renewal_express\"", 1);
        ServicesAnswer service = assistant.ask(LICENCE);

        assertThat(category.steps()).filteredOn(step -> !step.valid()).singleElement().satisfies(step -> {
            assertThat(step.stage()).isEqualTo("category_select_v1");
            assertThat(step.violations()).extracting(v -> v.code(), v -> v.path()).containsExactly(
                    org.assertj.core.groups.Tuple.tuple(ViolationCode.UNKNOWN_FIELD, "/categorySelection/candidates/motoring"));
        });
        assertThat(service.steps()).filteredOn(step -> !step.valid()).singleElement().satisfies(step ->
                assertThat(step.violations()).extracting(v -> v.code(), v -> v.path()).containsExactly(
                        org.assertj.core.groups.Tuple.tuple(ViolationCode.VALUE_NOT_ALLOWED, "/serviceSelection/serviceKey")));
        assertThat(List.of(category, service)).allSatisfy(answer ->
                assertThat(answer.services()).containsExactly("driving_licence_renewal"));
    }

    @Test
    void aFollowUpKeepsTheServiceOfTheTurnBefore() {
        ServicesAnswer first = assistant.ask(LICENCE);
        script = request -> protocol.reply(request, StageProtocol.Plan.followUp());
        int before = server.requests().size();

        ServicesAnswer second = assistant.ask(first.sessionId().orElseThrow(), "and how much does it cost?");

        assertThat(second.outcome()).isEqualTo(ServicesAnswer.Outcome.ANSWERED);
        assertThat(second.services()).containsExactly("driving_licence_renewal");
        assertThat(second.text()).contains("Fee: 35 KRN");
        Map<String, Object> agencyInput = StageProtocol.inputOf(requestsOf("agency_detect_v1", before).get(0));
        assertThat((List<String>) agencyInput.get("chat_context_summary")).singleElement().satisfies(item -> {
            assertThat(item).startsWith("Driving licence renewal (driving_licence_renewal) at Kestrian Road Transport Authority;"
                    + " asked: How do I renew my driving licence?");
            assertThat(item.split(" ")).hasSizeLessThanOrEqualTo(ChatContext.MAX_WORDS);
        });
        assertThat((String) agencyInput.get("runtime_directive")).contains("service driving_licence_renewal of agency"
                + " transport_authority");
        assertThat(StageProtocol.inputOf(requestsOf("judgement_v1", before).get(0))).containsKey("chat_context_summary");
        Map<String, Object> workflow = (Map<String, Object>) second.governed().provenance().extension("stage_workflow");
        assertThat(workflow).containsEntry("follows_up", "driving_licence_renewal");

        // the same follow-up in a new session has no context: the model cannot tell it is an inquiry
        assertThat(assistant.ask("and how much does it cost?").outcome()).isEqualTo(ServicesAnswer.Outcome.GUIDANCE);
    }

    @Test
    void theOperatorsRuntimeDirectiveReachesTheStagesAfterJudgement() {
        ServicesAssistant directed = ServicesAssistant.builder()
                .stageModel(ServicesBackends.fromEnvironment(Environment.of(Map.of("OLLAMA_HOST", server.baseUrl())))
                        .orElseThrow())
                .runtimeDirective("Prefer services that can be done online.")
                .build();
        int before = server.requests().size();

        directed.ask(LICENCE);

        for (String stage : List.of("agency_detect_v1", "category_select_v1", "service_select_v1")) {
            assertThat(StageProtocol.inputOf(requestsOf(stage, before).get(0)))
                    .containsEntry("runtime_directive", "Prefer services that can be done online.");
        }
        assertThat(StageProtocol.inputOf(requestsOf("judgement_v1", before).get(0))).doesNotContainKey("runtime_directive");
    }
}
