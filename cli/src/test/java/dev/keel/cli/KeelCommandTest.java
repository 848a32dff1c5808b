package dev.keel.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.json.JsonCodec;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The keel command as a user runs it: exit statuses, one output line per input line, the demo. */
class KeelCommandTest {

    private record Run(int status, String out, String err) {
        List<String> lines() {
            return out.isEmpty() ? List.of() : List.of(out.split("\n"));
        }
    }

    private static Run run(String stdin, String... args) {
        InputStream in = System.in;
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        try {
            System.setIn(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
            System.setOut(new PrintStream(stdout, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(stderr, true, StandardCharsets.UTF_8));
            int status = Main.run(args);
            return new Run(status, stdout.toString(StandardCharsets.UTF_8), stderr.toString(StandardCharsets.UTF_8));
        } finally {
            System.setIn(in);
            System.setOut(out);
            System.setErr(err);
        }
    }

    @Test
    void malformedLineGivesExactlyOneErrorLineAndExitZero() {
        Run run = run("not json\n", "eval");

        assertThat(run.status()).isZero();
        assertThat(run.lines()).hasSize(1);
        assertThat(JsonCodec.strict().parseObject(run.lines().get(0))).containsKey("error");
    }

    @Test
    void unknownOpGivesExactlyOneErrorLineAndExitZero() {
        Run run = run("{\"op\":\"nope\",\"input\":{}}\n", "eval");

        assertThat(run.status()).isZero();
        assertThat(run.lines()).hasSize(1);
        assertThat(run.lines().get(0)).contains("\"unknown_op\"");
    }

    @Test
    void everyModulesOpsAreRegistered() {
        Run run = run("", "eval", "--list-ops");

        assertThat(run.lines()).contains("discovery_plan", "evidence_gate", "policy", "route", "filter", "llm_config");
    }

    @Test
    void opsOfDifferentModulesAnswerInOrder() {
        Run run = run(String.join("\n",
                "{\"op\":\"route\",\"input\":{\"role\":\"planner\",\"clearance\":\"secret\",\"prompt\":\"SCENARIO 2: top secret\"}}",
                "{\"op\":\"filter\",\"input\":{\"decision\":\"PARTIAL\",\"text\":\"Retire two boats in Q3 at 80%.\"}}",
                "{\"op\":\"discovery_plan\",\"input\":{}}"), "eval");

        assertThat(run.lines()).hasSize(3);
        Map<String, Object> route = JsonCodec.strict().parseObject(run.lines().get(0));
        assertThat(route).containsEntry("backend_target", "internal_chatgpt").containsEntry("top_secret_internal_only", true);
        assertThat((String) JsonCodec.strict().parseObject(run.lines().get(1)).get("text")).doesNotContainPattern("\\d");
        assertThat(JsonCodec.strict().parseObject(run.lines().get(2))).containsEntry("plan_status", "needs_clarification");
    }

    @Test
    void usageErrorsExitTwoAndHelpExitsZero() {
        assertThat(run("", "eval", "--bogus").status()).isEqualTo(2);
        assertThat(run("").status()).isEqualTo(2);
        assertThat(run("", "demo").status()).isEqualTo(2);
        Run help = run("", "--help");
        assertThat(help.status()).isZero();
        assertThat(help.out()).contains("eval").contains("demo");
        assertThat(run("", "eval", "--help").out()).contains("JSON Lines").contains("error");
    }

    @Test
    void demoPrintsTheWholeResultAsJson() {
        Run run = run("", "demo", "marp", "--role", "guest", "--json", "Compare the calendars for retiring two boats");

        assertThat(run.status()).isZero();
        Map<String, Object> result = JsonCodec.strict().parseObject(run.out().strip());
        assertThat(result).containsEntry("decision", "PARTIAL").containsKeys("sections", "provenance_stub", "trace");
    }

    @Test
    void demoTracePrintsEachStepBeforeTheAnswer() {
        Run run = run("", "demo", "marp", "--trace", "SCENARIO 1: compare the calendars for retiring two boats");

        assertThat(run.out()).startsWith("# Trace").contains("- governance: ALLOW").contains("- evidence: scenario_1")
                .contains("- routing: index").contains("- reasoning:").contains("- confidence:")
                .contains("- outbound_filter:").contains("```provenance_stub");
    }
}
