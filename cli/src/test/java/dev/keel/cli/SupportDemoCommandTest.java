package dev.keel.cli;

import static dev.keel.test.KeelAssertions.assertThat;

import dev.keel.core.json.JsonCodec;
import dev.keel.test.core.LoopbackModelServer;
import dev.keel.test.core.RequestMatcher;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code keel demo support}: the shipped conversation turn by turn, offline and against a model on loopback. */
@SuppressWarnings("unchecked")
class SupportDemoCommandTest {

    private record Run(int status, String out) {
        /** The output of turn {@code number}, from its heading to the next one. */
        String turn(int number) {
            String[] turns = out.split("\n## Turn ");
            return turns[number];
        }
    }

    private static Run run(String... args) {
        PrintStream out = System.out;
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(stdout, true, StandardCharsets.UTF_8));
            int status = Main.run(args);
            return new Run(status, stdout.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(out);
        }
    }

    @Test
    void theShippedConversationPlaysOfflineAndShowsEachPointTurnByTurn() {
        Run run = run("demo", "support");

        assertThat(run.status()).isZero();
        assertThat(run.out()).startsWith("# Online shop support: offline: the embedded sensor reads each message in "
                + "process, and the model's replies are replayed from the shipped conversation");
        assertThat(run.out().split("\n## Turn ")).hasSize(8);
        assertThat(run.turn(1)).contains("customer: Hi there, quick question.")
                .contains("agent (clarification): Happy to help!").contains("model calls: 0")
                .doesNotContain("navigation:");
        assertThat(run.turn(2)).contains("agent (answered): Thanks, Sam!")
                .contains("navigation: enter no scenario -> refund/collect_order").contains("tools: [lookup_order]")
                .contains("(sampled turn)")
                .contains("model calls: 2 (sensor 0, generation 1, judge 1); the sensor ran in process");
        assertThat(run.turn(3)).contains("sensor: intent purchase")
                .contains("navigation: stay refund/collect_order -> refund/collect_order")
                .contains("model calls: 1 (sensor 0, generation 1, judge 0)");
        assertThat(run.turn(4)).contains("navigation: advance refund/collect_order -> refund/confirm")
                .contains("money and form, answer 1: broke [refund_limit]; amounts given to the customer: $80.00 "
                        + "(80.00 USD), 75 dollars (75 USD); above 50: [$80.00, 75 dollars]")
                .contains("money and form, answer 2: kept").contains("lanes, answer 2: kept every rule")
                .contains("needs a manager's approval").contains("model calls: 2 (sensor 0, generation 2, judge 0)");
        assertThat(run.turn(5)).contains("lanes, answer 1: broke [no_competitor]")
                .contains("hard rules, checked on every turn: [no_competitor]")
                .doesNotContain("agent (answered): The money reaches your card within 5 working days once a manager "
                        + "has approved it. Meanwhile Acme");
        assertThat(run.turn(5).lines().filter(line -> line.startsWith("rules: matched")).findFirst().orElseThrow())
                .startsWith("rules: matched [").doesNotContain("matched [no_competitor").contains("of ");
        assertThat(run.turn(6)).contains("agent (refused): I'm sorry")
                .contains("money and form, answer 1: broke [refund_limit]; amounts given to the customer: eighty "
                        + "dollars (80 USD)")
                .contains("money and form, answer 2: broke [refund_limit]; amounts given to the customer: EUR 80 "
                        + "(80 EUR)")
                .contains("reason codes: [").contains("answer_rule_violation").contains("answer_refused");
        assertThat(run.turn(7)).contains("navigation: switch refund/").contains(" -> sales/browse")
                .contains("(sampled turn)")
                .contains("tools: [find_product]");
    }

    @Test
    void asJsonEachTurnIsOneAnswerWhoseProvenanceSaysTheRepliesWereReplayed() {
        Run run = run("demo", "support", "--json");

        List<String> lines = run.out().lines().toList();
        assertThat(lines).hasSize(7);
        List<Map<String, Object>> answers = lines.stream().map(JsonCodec.strict()::parseObject).toList();
        assertThat(answers).extracting(answer -> answer.get("outcome")).containsExactly("clarification", "answered",
                "answered", "answered", "answered", "refused", "answered");
        assertThat(answers).allSatisfy(answer -> assertThat((Map<String, Object>) ((Map<String, Object>)
                answer.get("provenance")).get("support")).containsEntry("model_replies", "replayed")
                .containsEntry("sensor", "embedded"));
    }

    @Test
    void oneMessageIsOneTurn() {
        Run run = run("demo", "support", "--trace", "I", "want", "a", "refund", "for", "order", "A-1002");

        assertThat(run.out().split("\n## Turn ")).hasSize(2);
        assertThat(run.turn(1)).contains("customer: I want a refund for order A-1002")
                .contains("navigation: enter no scenario -> refund/collect_order").contains("trace:")
                .contains("  - lanes: answer 1")
                .contains("agent (answered): (No model is configured and no reply was recorded for this message");
    }

    @Test
    void withAModelTheSensorTheAnswerAndTheJudgeGoOverOllamasWire() {
        try (LoopbackModelServer ollama = LoopbackModelServer.start()) {
            ollama.on(RequestMatcher.anyMessageContains("detected_intent")).reply("{\"stage\": \"sensor_v1\", "
                    + "\"nextStep\": \"session_end\", \"telemetry\": {\"notes\": null}, \"detected_intent\": "
                    + "\"refund_request\", \"entities\": {\"order_id\": \"A-1001\"}, \"ambiguity_score\": 0.05, "
                    + "\"ambiguity_reason\": \"asks for a refund\"}");
            ollama.on(RequestMatcher.anyMessageContains("You check whether")).reply("{\"verdict\": \"pass\", "
                    + "\"violated\": [], \"reason\": \"no advice\"}");
            ollama.onModel("llama3.1").reply("Order A-1001 can be refunded within 18 more days. Shall I start it?");

            Run run = run("demo", "support", "--ollama-host", ollama.baseUrl(), "I want a refund for order A-1001");

            assertThat(run.out()).startsWith("# Online shop support: live: Ollama model llama3.1 at "
                    + ollama.baseUrl());
            assertThat(run.turn(1)).contains("agent (answered): Order A-1001 can be refunded within 18 more days.")
                    .contains("model calls: 3 (sensor 1, generation 1, judge 1)").contains("(sampled turn)")
                    .contains("amounts given to the customer: none").doesNotContain("the sensor ran in process");
            assertThat(ollama).receivedRequests(3).answeredEveryRequest();
            assertThat(ollama.requests()).allSatisfy(request -> assertThat(request.path()).isEqualTo("/api/chat"));
        }
    }
}
