package dev.keel.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.json.JsonCodec;
import dev.keel.test.core.LoopbackModelServer;
import dev.keel.test.core.Misbehaviour;
import dev.keel.test.core.Reply;
import dev.keel.test.core.RequestMatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * {@code keel demo support} pointed at a model server on loopback with {@code --ollama-host}, as a user points it,
 * whose sensor, generation and judge calls in turn misbehave in every way a model breaks its contract
 * ({@link Misbehaviour}, over seeds): the command exits 0, prints no stack trace, and the turn ends governed, saying
 * why (an answer that kept every rule, a clarification with the sensor's reason, a fallback, or a refusal with its
 * reason codes).
 */
class SupportDemoMisbehaviourTest {

    enum Call { SENSOR, GENERATION, JUDGE }

    private static final String MESSAGE = "I want a refund for order A-1001";
    private static final String VALID_SENSOR = "{\"stage\": \"sensor_v1\", \"nextStep\": \"session_end\", "
            + "\"telemetry\": {\"notes\": null}, \"detected_intent\": \"refund_request\", \"entities\": "
            + "{\"order_id\": \"A-1001\"}, \"ambiguity_score\": 0.05, \"ambiguity_reason\": \"asks for a refund\"}";
    private static final String VALID_ANSWER = "Order A-1001 can be refunded within 18 more days. Shall I start it?";
    private static final String VALID_VERDICT = "{\"verdict\": \"pass\", \"violated\": [], \"reason\": \"polite\"}";
    private static final long[] SEEDS = {21L, 22L};

    private static String valid(Call call) {
        return switch (call) {
            case SENSOR -> VALID_SENSOR;
            // The generation's contract is prose; a model that answers it with JSON breaks it as these kinds do.
            case GENERATION -> JsonCodec.strict().write(Map.of("answer", VALID_ANSWER));
            case JUDGE -> VALID_VERDICT;
        };
    }

    private static LoopbackModelServer server(Call broken, String reply) {
        LoopbackModelServer server = LoopbackModelServer.start();
        server.on(RequestMatcher.anyMessageContains("detected_intent"))
                .answer(request -> broken == Call.SENSOR ? reply : VALID_SENSOR);
        server.on(RequestMatcher.anyMessageContains("You check whether"))
                .answer(request -> broken == Call.JUDGE ? reply : VALID_VERDICT);
        server.otherwise(request -> Reply.text(broken == Call.GENERATION ? reply : VALID_ANSWER));
        return server;
    }

    @TestFactory
    Stream<DynamicTest> everyMisbehaviourOfEveryCallEndsGovernedWithExitZero() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Call call : Call.values()) {
            for (Misbehaviour kind : Misbehaviour.values()) {
                for (long seed : SEEDS) {
                    tests.add(DynamicTest.dynamicTest(call + " " + kind + " seed " + seed,
                            () -> check(call, kind, seed)));
                }
            }
        }
        return tests.stream();
    }

    private static void check(Call call, Misbehaviour kind, long seed) {
        String reply = kind.reply(valid(call), call == Call.SENSOR ? Set.of("/detected_intent") : Set.of(),
                new Random(seed));
        String context = call + " " + kind + " seed " + seed;
        try (LoopbackModelServer server = server(call, reply)) {
            CommandRun run = CommandRun.of("demo", "support", "--ollama-host", server.baseUrl(), "--judge-sample-rate", "1", MESSAGE);

            assertNoCrash(run, context);
            assertGoverned(run.out(), context);
            assertThat(run.out()).as(context).contains("agent (" + expected(call, kind) + "): ");
            if (kind == Misbehaviour.EMPTY) {
                assertThat(run.out()).as(context).contains("fallback: ").contains("shop_fallback answered");
            }
        }
    }

    /** As the example's own test: the sensor's breaks are clarifications, the judge's refusals, JSON is no prose. */
    private static String expected(Call call, Misbehaviour kind) {
        return switch (call) {
            case SENSOR -> "clarification";
            case JUDGE -> "refused";
            case GENERATION -> kind == Misbehaviour.NOT_JSON || kind == Misbehaviour.PROSE
                    || kind == Misbehaviour.EMPTY ? "answered" : "refused";
        };
    }

    static void assertNoCrash(CommandRun run, String context) {
        assertThat(run.status()).as(context + "\n" + run.out() + run.err()).isZero();
        assertThat(run.out() + run.err()).as(context).doesNotContain("Exception").doesNotContain("\tat ");
    }

    /** One turn's output ends in a governed outcome that says why. */
    static void assertGoverned(String out, String context) {
        assertThat(out).as(context).contains("## Turn 1");
        if (out.contains("agent (answered): ")) {
            assertThat(out).as(context).containsPattern("lanes, answer \\d: kept every rule")
                    .containsPattern("money and form, answer \\d: kept");
        } else if (out.contains("agent (clarification): ")) {
            assertThat(out).as(context).containsPattern("sensor: intent none, ambiguity 1(\\.00)? \\(.*(contract|did"
                    + " not answer)");
        } else {
            assertThat(out).as(context).contains("agent (refused): ").contains("reason codes: [")
                    .contains("answer_refused").containsPattern("answer 2: broke \\[");
        }
    }

    @Test
    void aModelThatAnswersNothingAtAllIsAFallbackNotACrash() {
        try (LoopbackModelServer server = LoopbackModelServer.start()) {
            server.otherwise(Reply.nonRetriableFailure("the model is gone"));

            CommandRun run = CommandRun.of("demo", "support", "--ollama-host", server.baseUrl(), MESSAGE);

            assertNoCrash(run, "no model");
            assertThat(run.out()).contains("fallback: ").contains("shop_fallback answered")
                    .contains("agent (clarification): ");
        }
    }
}
