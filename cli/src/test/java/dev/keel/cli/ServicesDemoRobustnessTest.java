package dev.keel.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.ChatRole;
import dev.keel.core.spi.IdSource;
import dev.keel.embeddings.minilm.MiniLmEmbedders;
import dev.keel.examples.services.Catalogue;
import dev.keel.examples.services.EmbeddedStageModel;
import dev.keel.examples.services.ServicesContracts;
import dev.keel.test.core.LoopbackModelServer;
import dev.keel.test.core.Misbehaviour;
import dev.keel.test.core.Reply;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import picocli.CommandLine;

/**
 * {@code keel demo services} as a user runs it against a model ({@code --ollama-host}, here a real loopback server)
 * that misbehaves: every model call x every kind of {@link Misbehaviour}, on its first one to three attempts, each
 * case with its own seed. The command always exits 0 without a stack trace, and its answer is governed: answered
 * after re-asks, or a clarification naming the stage that failed, or (an empty reply) answered by the fallback, with the re-asks or the failure and their codes
 * in the provenance, and the call's audit record. The model's valid replies are the embedded classifier's, read
 * from each prompt as a model would.
 */
@SuppressWarnings("unchecked")
class ServicesDemoRobustnessTest {

    private static final long SEED = Long.getLong("keel.test.seed", 20_250_602L);
    private static final String PASSPORT = "How do I renew my passport before travelling?";
    private static final String MOVING = "I'm moving house next month and I have a car; what do I need to register?";
    private static final List<String> MODEL_STAGES = ServicesContracts.IDS.subList(1, ServicesContracts.IDS.size() - 1);
    private static final EmbeddedStageModel VALID = EmbeddedStageModel.create(Catalogue.shipped(),
            MiniLmEmbedders.allMiniLmL6V2(), IdSource.sequential("model-response"));

    private static LoopbackModelServer server;
    private static volatile Function<ChatRequest, String> script;

    @BeforeAll
    static void start() {
        server = LoopbackModelServer.start();
        server.otherwise(Reply.from(request -> script.apply(request)));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    record Run(int status, String out, String err) {
        Map<String, Object> json() {
            return JsonCodec.strict().parseObject(out.strip());
        }
    }

    private static Run keel(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = new CommandLine(new KeelCommand()).setOut(new PrintWriter(out)).setErr(new PrintWriter(err))
                .execute(args);
        return new Run(status, out.toString(), err.toString());
    }

    private static String stageOf(ChatRequest request) {
        for (ChatMessage message : request.messages()) {
            for (String stage : MODEL_STAGES) {
                if (message.role() == ChatRole.SYSTEM && message.text().contains("\"stage\": \"" + stage + "\"")) {
                    return stage;
                }
            }
        }
        throw new AssertionError("no stage directive in the prompt");
    }

    /** The pointers of the ids in a reply: every agencyId and serviceKey member, every detected agency. */
    private static Set<String> idPointers(Object node, String at, Set<String> found) {
        if (node instanceof Map<?, ?> map) {
            map.forEach((key, value) -> {
                String pointer = at + "/" + key;
                if ((key.equals("agencyId") || key.equals("serviceKey")) && value instanceof String) {
                    found.add(pointer);
                } else if (key.equals("agencyDetected") && value instanceof List<?> ids && !ids.isEmpty()) {
                    found.add(pointer + "/0");
                } else {
                    idPointers(value, pointer, found);
                }
            });
        } else if (node instanceof List<?> items) {
            for (int i = 0; i < items.size(); i++) {
                idPointers(items.get(i), at + "/" + i, found);
            }
        }
        return found;
    }

    /** A model that answers {@code stage} with {@code kind} on its first {@code bad} attempts, validly otherwise. */
    private static void misbehaving(String stage, Misbehaviour kind, int bad, Random random) {
        AtomicInteger seen = new AtomicInteger();
        script = request -> {
            String valid = VALID.chat(request).text();
            if (!stageOf(request).equals(stage) || seen.incrementAndGet() > bad) {
                return valid;
            }
            return kind.reply(valid, idPointers(JsonCodec.strict().parseObject(valid), "", new LinkedHashSet<>()), random);
        };
    }

    private static void assertNoStackTrace(Run run, String why) {
        assertThat(run.status()).as(why + ": exit status; stderr " + run.err()).isZero();
        assertThat(run.out() + run.err()).as(why).doesNotContain("Exception").doesNotContain("\tat ");
    }

    @TestFactory
    Stream<DynamicTest> everyCallAndEveryKindOfMisbehaviourEndsGovernedWithExitStatusZero() {
        List<DynamicTest> tests = new ArrayList<>();
        long seed = SEED;
        for (String stage : MODEL_STAGES) {
            for (Misbehaviour kind : Misbehaviour.values()) {
                long caseSeed = seed++;
                tests.add(DynamicTest.dynamicTest(stage + " " + kind + ", seed " + caseSeed, () -> {
                    Random random = new Random(caseSeed);
                    int bad = 1 + random.nextInt(3);
                    boolean two = !stage.equals("category_select_v1") && (stage.equals("semantic_analysis_v1")
                            || stage.equals("multi_agency_service_answer_v1") || random.nextBoolean());
                    String why = stage + " " + kind + " on " + bad + " attempt(s), seed " + caseSeed;
                    misbehaving(stage, kind, bad, random);

                    Run run = keel("demo", "services", "--ollama-host", server.baseUrl(), "--json", two ? MOVING : PASSPORT);

                    assertNoStackTrace(run, why);
                    Map<String, Object> answer = run.json();
                    Map<String, Object> governed = (Map<String, Object>) answer.get("governed");
                    Map<String, Object> workflow = (Map<String, Object>) ((Map<String, Object>) governed.get("provenance"))
                            .get("stage_workflow");
                    Map<String, Object> audit = (Map<String, Object>) answer.get("audit");
                    assertThat(audit).as(why).containsEntry("request_id", governed.get("request_id"));
                    assertThat((Map<String, Object>) ((Map<String, Object>) audit.get("payload")).get("details"))
                            .as(why).containsKey("stage_workflow");
                    if (kind == Misbehaviour.EMPTY) {
                        // The model's client reads an empty reply as a failed call: the governed fallback answers.
                        assertThat(answer).as(why).containsEntry("outcome", "answered");
                        assertThat((List<Map<String, Object>>) answer.get("stages")).as(why)
                                .filteredOn(step -> stage.equals(step.get("stage"))).first()
                                .satisfies(step -> assertThat(step).containsEntry("backend", EmbeddedStageModel.ID));
                        assertThat((List<String>) workflow.get("stage_backends")).as(why)
                                .contains(EmbeddedStageModel.ID);
                        return;
                    }
                    assertThat((List<Map<String, Object>>) workflow.get("reasks")).as(why).hasSize(bad)
                            .allSatisfy(reask -> {
                                assertThat(reask).containsEntry("stage", stage);
                                assertThat((List<Object>) reask.get("codes")).isNotEmpty();
                            });
                    if (bad <= 2) {
                        assertThat(answer).as(why).containsEntry("outcome", "answered");
                        assertThat((List<String>) answer.get("services")).as(why)
                                .contains(two ? "address_registration" : "passport");
                    } else {
                        assertThat(answer).as(why).containsEntry("outcome", "not_answered");
                        assertThat(governed).as(why).containsEntry("outcome", "clarification");
                        assertThat((String) answer.get("text")).as(why).startsWith("I could not")
                                .contains("the " + stage + " stage kept breaking its contract");
                        assertThat((Map<String, Object>) workflow.get("failure")).as(why)
                                .containsEntry("reason", "output_invalid").containsEntry("stage", stage);
                    }
                }));
            }
        }
        return tests.stream();
    }

    @Test
    void theTraceShowsTheReaskOfAnAgencyTheCatalogueLacks() {
        script = request -> {
            String valid = VALID.chat(request).text();
            return stageOf(request).equals("agency_detect_v1") && request.messages().stream()
                    .noneMatch(message -> message.role() == ChatRole.ASSISTANT)
                    ? valid.replace("\"transport_authority\"", "\"driving_licence_office\"") : valid;
        };

        Run run = keel("demo", "services", "--ollama-host", server.baseUrl(), "--trace", "How do I renew my driving licence?");

        assertNoStackTrace(run, "trace");
        assertThat(run.out())
                .contains("## agency_detect_v1 (attempt 1, ollama): invalid, asked again with its violations")
                .contains("violation: [value_not_allowed] /judgements/agencyDetected/0")
                .contains("## agency_detect_v1 (attempt 2, ollama): valid")
                .contains("# Government-services assistant: answered [driving_licence_renewal]")
                .contains("Rejected by the validator: agency_detect_v1 attempt 1 [value_not_allowed].")
                .contains("Audit record: ");
    }

    @Test
    void aModelThatKeepsNamingAnAgencyTheCatalogueLacksGetsAClarificationNotAStackTrace() {
        script = request -> VALID.chat(request).text().replace("\"transport_authority\"", "\"driving_licence_office\"");

        Run run = keel("demo", "services", "--ollama-host", server.baseUrl(), "How do I renew my driving licence?");

        assertNoStackTrace(run, "unknown agency");
        assertThat(run.out()).startsWith("# Government-services assistant: not_answered\n\n"
                        + "I could not tell which agency handles your question: the answers to the agency_detect_v1"
                        + " stage kept breaking its contract (value_not_allowed).")
                .contains("Failed: agency_detect_v1 (output_invalid); the turn ends as a clarification.");
    }

    @Test
    void aFollowUpInTheSameRunKeepsTheFirstQuestionsService() {
        Run run = keel("demo", "services", "How do I renew my driving licence?", "--then", "and how much does it cost?");

        assertNoStackTrace(run, "follow-up");
        assertThat(run.out()).contains("# Question: and how much does it cost?\n\n"
                + "# Government-services assistant: answered [driving_licence_renewal]").contains("Fee: 35 KRN");
    }
}
