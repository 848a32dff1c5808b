package dev.keel.examples.support;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.embeddings.minilm.MiniLmEmbedders;
import dev.keel.langchain4j.OllamaBackends;
import dev.keel.pipeline.GovernedAnswer;
import dev.keel.pipeline.TurnOutcome;
import dev.keel.pipeline.rules.LaneCheck;
import dev.keel.pipeline.rules.RuleSteps;
import dev.keel.test.core.LoopbackModelServer;
import dev.keel.test.core.Misbehaviour;
import dev.keel.test.core.RequestMatcher;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The agent against a real model server on loopback, over Ollama's wire, whose every call (sensor, generation,
 * judge) in turn misbehaves in every way a model breaks its contract ({@link Misbehaviour}), each derived from a
 * valid reply of that call, over seeds: every turn ends governed (an answer that kept every rule, a clarification
 * that says why, or a refusal with its reason codes), with provenance and an audit record, and nothing throws.
 */
class SupportModelMisbehaviourTest {

    /** The calls of a turn, and how each is told apart on the wire. */
    enum Call { SENSOR, GENERATION, JUDGE }

    static final String MESSAGE = "I want a refund for order A-1001";
    static final String VALID_SENSOR = "{\"stage\": \"sensor_v1\", \"nextStep\": \"session_end\", \"telemetry\": "
            + "{\"notes\": null}, \"detected_intent\": \"refund_request\", \"entities\": {\"order_id\": \"A-1001\"}, "
            + "\"ambiguity_score\": 0.05, \"ambiguity_reason\": \"asks for a refund\"}";
    static final String VALID_ANSWER = "Order A-1001 can be refunded within 18 more days. Shall I start it?";
    static final String VALID_VERDICT = "{\"verdict\": \"pass\", \"violated\": [], \"reason\": \"polite\"}";
    private static final long[] SEEDS = {11L, 12L};

    /** The valid reply of {@code call}, and the pointers of its identifiers. */
    static String valid(Call call) {
        return switch (call) {
            case SENSOR -> VALID_SENSOR;
            // The generation's contract is prose; a model that answers it with JSON breaks it as these kinds do.
            case GENERATION -> JsonCodec.strict().write(Map.of("answer", VALID_ANSWER));
            case JUDGE -> VALID_VERDICT;
        };
    }

    static Set<String> ids(Call call) {
        return call == Call.SENSOR ? Set.of("/detected_intent") : Set.of();
    }

    /** A server that answers every call validly except {@code broken}, which answers with {@code reply}. */
    static LoopbackModelServer server(Call broken, String reply) {
        LoopbackModelServer server = LoopbackModelServer.start();
        server.on(RequestMatcher.anyMessageContains("detected_intent"))
                .answer(request -> broken == Call.SENSOR ? reply : VALID_SENSOR);
        server.on(RequestMatcher.anyMessageContains("You check whether"))
                .answer(request -> broken == Call.JUDGE ? reply : VALID_VERDICT);
        server.otherwise(request -> dev.keel.test.core.Reply.text(broken == Call.GENERATION ? reply : VALID_ANSWER));
        return server;
    }

    @TestFactory
    Stream<DynamicTest> everyMisbehaviourOfEveryCallEndsGoverned() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Call call : Call.values()) {
            for (Misbehaviour kind : Misbehaviour.values()) {
                for (long seed : SEEDS) {
                    tests.add(DynamicTest.dynamicTest(call + " " + kind + " seed " + seed, () -> check(call, kind,
                            seed)));
                }
            }
        }
        return tests.stream();
    }

    private static void check(Call call, Misbehaviour kind, long seed) {
        String reply = kind.reply(valid(call), ids(call), new Random(seed));
        String context = call + " " + kind + " seed " + seed;
        InMemoryAuditSink audit = new InMemoryAuditSink();
        try (LoopbackModelServer server = server(call, reply)) {
            SupportAgent agent = SupportAgent.builder().embedder(MiniLmEmbedders.allMiniLmL6V2())
                    .model(OllamaBackends.create(SupportAgent.MODEL, "llama3.1", server.baseUrl(),
                            Duration.ofSeconds(30)))
                    .modelSensor().judgeSampleRate(BigDecimal.ONE).auditSink(audit).build();

            GovernedAnswer answer = agent.ask("robust-" + seed, "customer-" + seed, MESSAGE);

            assertGoverned(answer, context);
            assertThat(answer.outcome()).as(context).isEqualTo(expected(call, kind));
            long sensorRequests = server.requests().stream().filter(r -> r.body().contains("detected_intent")).count();
            if (call == Call.SENSOR && kind != Misbehaviour.EMPTY) {
                // The sensor's contract broke: it was asked once more, with the problem, before giving up.
                assertThat(sensorRequests).as(context).isEqualTo(2);
            }
            if (kind == Misbehaviour.EMPTY) {
                // The client refuses an empty reply: the call falls back in the house, and says why.
                assertThat(answer.calls()).as(context).anySatisfy(c -> {
                    assertThat(c.used()).isEqualTo(ShopFallback.ID);
                    assertThat(c.usedReason()).contains("failed");
                });
            }
            assertThat(audit.records()).as(context).hasSize(1);
            assertThat(audit.records().get(0).requestId()).as(context).isEqualTo(answer.requestId());
            assertThat(server.unanswered()).as(context).isEmpty();
        }
    }

    /**
     * What each misbehaviour leads to: a sensor that breaks its contract twice reads as fully ambiguous (a
     * clarification), as does the fallback's reading; a judge reply that is not exactly its verdict is not trusted,
     * so the answer is written again and refused; the generation's contract is prose, which words keep, the
     * fallback's answer keeps, and JSON, code or a huge text break.
     */
    static TurnOutcome expected(Call call, Misbehaviour kind) {
        return switch (call) {
            case SENSOR -> TurnOutcome.CLARIFICATION;
            case JUDGE -> TurnOutcome.REFUSED;
            case GENERATION -> kind == Misbehaviour.NOT_JSON || kind == Misbehaviour.PROSE
                    || kind == Misbehaviour.EMPTY ? TurnOutcome.ANSWERED : TurnOutcome.REFUSED;
        };
    }

    /** The turn ended in a governed outcome that says why, with its provenance. */
    static void assertGoverned(GovernedAnswer answer, String context) {
        assertThat(answer.provenance()).as(context).isNotNull();
        assertThat(answer.provenance().extension(SupportAgent.EXTENSION)).as(context).isNotNull();
        List<String> codes = answer.provenance().reasonCodes().values();
        switch (answer.outcome()) {
            case ANSWERED -> {
                LaneCheck last = lastLaneCheck(answer);
                assertThat(last.passed()).as(context).isTrue();
                List<ShopChecks.Check> shop = answer.value(ShopChecks.FINDINGS).orElseThrow().checks();
                assertThat(shop.get(shop.size() - 1).passed()).as(context).isTrue();
                assertThat(ShopChecks.form(answer.text())).as(context).isEmpty();
            }
            case CLARIFICATION -> {
                assertThat(answer.text()).as(context).isEqualTo(SupportAgent.CLARIFICATION);
                assertThat(answer.value(RuleSteps.READING).orElseThrow().ambiguityReason()).as(context)
                        .containsAnyOf("contract", "did not answer");
            }
            case REFUSED -> {
                assertThat(answer.text()).as(context).isEqualTo(SupportAgent.REFUSAL);
                assertThat(codes).as(context).contains("answer_rule_violation", "answer_refused");
                List<String> broken = new ArrayList<>();
                answer.value(ShopChecks.FINDINGS).orElseThrow().checks().forEach(c -> broken.addAll(c.broken()));
                answer.value(RuleSteps.CHECKS).orElseThrow().checks().forEach(c -> broken.addAll(c.judgeFound()));
                answer.value(RuleSteps.CHECKS).orElseThrow().checks().forEach(c -> c.lane1().violations()
                        .forEach(v -> broken.add(v.ruleId())));
                assertThat(broken).as(context + ": what failed").isNotEmpty();
            }
            default -> throw new AssertionError(context + ": not a governed outcome of a turn: " + answer.outcome()
                    + " " + Arrays.toString(codes.toArray()));
        }
    }

    private static LaneCheck lastLaneCheck(GovernedAnswer answer) {
        List<LaneCheck> checks = answer.value(RuleSteps.CHECKS).orElseThrow().checks();
        return checks.get(checks.size() - 1);
    }
}
