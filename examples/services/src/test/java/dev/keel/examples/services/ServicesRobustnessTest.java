package dev.keel.examples.services;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.spi.AuditRecord;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.models.Environment;
import dev.keel.pipeline.TurnOutcome;
import dev.keel.stage.StageFailure;
import dev.keel.test.core.LoopbackModelServer;
import dev.keel.test.core.Misbehaviour;
import dev.keel.test.core.Reply;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every model call of the assistant against a model that misbehaves ({@link Misbehaviour}, each kind derived from
 * the call's valid reply) on its first one to three attempts, through the public entry point and a real loopback
 * server reached by {@code OLLAMA_HOST}: kinds x calls x seeds. Each turn ends governed: answered after re-asks
 * with telemetry, or, when the model broke the contract on every attempt, a clarification that says which stage
 * failed and why, or (an empty reply, which the model's client reads as a failed call) answered by the fallback; the provenance names the re-asks or the failure with their reason codes, and the turn has an
 * audit record. Nothing throws.
 */
@SuppressWarnings("unchecked")
class ServicesRobustnessTest {

    /** The seed of the first case; each case adds its index. */
    private static final long SEED = Long.getLong("keel.test.seed", 20_250_601L);
    private static final int SEEDS = 2;
    private static final String PASSPORT = "How do I renew my passport before travelling?";
    private static final String MOVING = "I'm moving house next month and I have a car; what do I need to register?";
    private static final StageProtocol.Plan ONE = StageProtocol.Plan.of("passport");
    private static final StageProtocol.Plan TWO = StageProtocol.Plan.of("address_registration", "vehicle_registration");

    private static LoopbackModelServer server;
    private static ServicesAssistant assistant;
    private static InMemoryAuditSink audit;
    private static volatile Case current;
    private static final StageProtocol PROTOCOL = new StageProtocol();

    /** One case: the stage that misbehaves, how, on how many attempts, for which question. */
    record Case(String stage, Misbehaviour kind, long seed, int badAttempts, boolean twoAgencies, Random random,
                AtomicInteger seen) {
        String reply(ChatRequest request) {
            String valid = PROTOCOL.reply(request, twoAgencies ? TWO : ONE);
            if (!StageProtocol.stageOf(request).equals(stage) || seen.incrementAndGet() > badAttempts) {
                return valid;
            }
            return kind.reply(valid, StageProtocol.idPointers(stage), random);
        }

        @Override
        public String toString() {
            return stage + " " + kind + " on " + badAttempts + " attempt(s), " + (twoAgencies ? "two agencies" : "one agency")
                    + ", seed " + seed;
        }
    }

    @BeforeAll
    static void start() {
        server = LoopbackModelServer.start();
        server.otherwise(Reply.from(request -> current.reply(request)));
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

    @TestFactory
    Stream<DynamicTest> everyCallEndsGovernedWhateverTheModelAnswers() {
        List<DynamicTest> tests = new ArrayList<>();
        long seed = SEED;
        for (String stage : StageProtocol.MODEL_STAGES) {
            for (Misbehaviour kind : Misbehaviour.values()) {
                for (int i = 0; i < SEEDS; i++) {
                    long caseSeed = seed++;
                    Random random = new Random(caseSeed);
                    boolean two = switch (stage) {
                        case "category_select_v1" -> false;
                        case "semantic_analysis_v1", "multi_agency_service_answer_v1" -> true;
                        default -> random.nextBoolean();
                    };
                    Case c = new Case(stage, kind, caseSeed, 1 + random.nextInt(3), two, random, new AtomicInteger());
                    tests.add(DynamicTest.dynamicTest(c.toString(), () -> check(c)));
                }
            }
        }
        return tests.stream();
    }

    private static void check(Case c) {
        current = c;
        ServicesAnswer answer = assistant.ask(c.twoAgencies() ? MOVING : PASSPORT);

        String why = c.toString();
        Map<String, Object> workflow = (Map<String, Object>) answer.governed().provenance().extension("stage_workflow");
        assertThat(workflow).as(why).isNotNull();
        AuditRecord record = audit.find(answer.governed().requestId()).orElseThrow();
        assertThat((Map<String, Object>) ((Map<String, Object>) record.payload().get("details")).get("stage_workflow"))
                .as(why).containsEntry("outcome", answer.outcome().wireName());
        if (c.kind() == Misbehaviour.EMPTY) {
            // The model's client reads an empty reply as a failed call: the governed fallback answers the stage,
            // and the call's record says why.
            assertThat(answer.outcome()).as(why).isEqualTo(ServicesAnswer.Outcome.ANSWERED);
            assertThat(answer.steps()).as(why).filteredOn(step -> step.stage().equals(c.stage())).first()
                    .satisfies(step -> assertThat(step.backend()).isEqualTo(EmbeddedStageModel.ID));
            assertThat(answer.governed().calls()).as(why).anySatisfy(call -> {
                assertThat(call.used()).isEqualTo(EmbeddedStageModel.ID);
                assertThat(call.usedReason()).startsWith("ollama failed").endsWith("answered by " + EmbeddedStageModel.ID);
            });
            assertThat((List<String>) workflow.get("stage_backends")).as(why).contains(EmbeddedStageModel.ID);
            return;
        }
        List<Map<String, Object>> reasks = (List<Map<String, Object>>) workflow.get("reasks");
        assertThat(reasks).as(why).hasSize(c.badAttempts()).allSatisfy(reask -> {
            assertThat(reask.get("stage")).isEqualTo(c.stage());
            assertThat((List<String>) reask.get("codes")).isNotEmpty();
        });
        List<StageStep> atStage = answer.steps().stream().filter(step -> step.stage().equals(c.stage())).toList();
        assertThat(atStage).as(why).extracting(StageStep::attempt).startsWith(1);
        assertThat(atStage.subList(0, c.badAttempts())).as(why).allSatisfy(step -> {
            assertThat(step.valid()).isFalse();
            assertThat(step.stateAfter()).isNull();
        });
        if (c.badAttempts() <= 2) {
            assertThat(answer.outcome()).as(why).isEqualTo(ServicesAnswer.Outcome.ANSWERED);
            assertThat(answer.governed().outcome()).as(why).isEqualTo(TurnOutcome.ANSWERED);
            assertThat(answer.services()).as(why).containsExactlyElementsOf((c.twoAgencies() ? TWO : ONE).services());
            StageStep corrected = atStage.get(c.badAttempts());
            assertThat(corrected.valid()).as(why).isTrue();
            assertThat(corrected.output()).as(why).contains("\"notes\":\"corrected the output");
        } else {
            assertThat(answer.outcome()).as(why).isEqualTo(ServicesAnswer.Outcome.NOT_ANSWERED);
            assertThat(answer.governed().outcome()).as(why).isEqualTo(TurnOutcome.CLARIFICATION);
            assertThat(answer.failure()).as(why).map(StageFailure::stageId).contains(c.stage());
            assertThat(((Map<String, Object>) workflow.get("failure")).get("reason")).as(why).isEqualTo("output_invalid");
            assertThat(answer.text()).as(why).startsWith("I could not").contains("the answers to the " + c.stage()
                    + " stage kept breaking its contract (");
            assertThat(answer.services()).as(why).isEmpty();
        }
        assertThat(answer.governed().provenance().backendUsed()).as(why).isEqualTo(ServicesBackends.OLLAMA);
    }
}
