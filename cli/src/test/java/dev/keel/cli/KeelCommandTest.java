package dev.keel.cli;

import static dev.keel.test.KeelAssertions.assertThat;

import dev.keel.core.json.JsonCodec;
import dev.keel.test.core.LoopbackModelServer;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The keel command as a user runs it: exit statuses, one output line per input line, the demo. */
@SuppressWarnings("unchecked")
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

        assertThat(run.lines()).contains("discovery_plan", "evidence_gate", "policy", "policy_lint", "route", "filter",
                "filter_stream", "llm_config");
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

    /** The example of docs/routing.md: a line without a table routes on the MARP table and its seed's strategy. */
    @Test
    void aRouteLineWithoutATableGivesTheSeedsFields() {
        Run run = run("{\"op\":\"route\",\"input\":{\"role\":\"planner\",\"clearance\":\"secret\","
                + "\"prompt\":\"SCENARIO 2: retire two boats in Q3 within the budget\"}}", "eval");

        assertThat(run.lines()).containsExactly("{\"scenario_tag\":\"2\",\"routing_key\":\"planner|secret|2|"
                + "scenario-retire-boats-within-budget\",\"n\":49,\"index\":9,\"router_selected_llm\":\"deepseek\","
                + "\"reasoning_mode\":\"policy_summary\",\"backend_target\":\"deepseek\","
                + "\"top_secret_internal_only\":false,\"override\":null}");
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
                .contains("- routing: scenario_tag 1, n ").contains("- reasoning:").contains("- confidence:")
                .contains("- outbound_filter:").contains("```provenance_stub");
    }

    // ---- keel demo hospital ----

    private static final String PATIENT_IN_L03 = "How is the patient in bed L-03 doing?";

    @Test
    void theHospitalDemoAnswersEachRoleAsItsPolicySays() {
        Run physician = run("", "demo", "hospital", "--role", "physician", PATIENT_IN_L03);
        Run nurse = run("", "demo", "hospital", "--role", "nurse", PATIENT_IN_L03);
        Run guest = run("", "demo", "hospital", "--role", "guest", PATIENT_IN_L03);

        assertThat(physician.status()).isZero();
        assertThat(physician.out()).startsWith("# Larch Ward assistant, asked by physician / phi: ALLOW, answered")
                .contains("NEWS 5").contains("[patient identifier withheld]").doesNotContain("40377215")
                .contains("Answered by ward_writer, without a language model (ward_model is served by ward_writer).")
                .contains("\"internal_only_rules\"");
        assertThat(nurse.out()).startsWith("# Larch Ward assistant, asked by nurse / internal: PARTIAL, answered")
                .contains("NEWS [figure withheld]");
        assertThat(guest.out()).startsWith("# Larch Ward assistant, asked by guest / public: DENY, denied")
                .contains("The request was denied (domain_denied).").contains("No model was asked.");
    }

    @Test
    void theHospitalDemoAsksTheGeneralModelOverOllamasWireAndFiltersWhatItSends() {
        try (LoopbackModelServer ollama = LoopbackModelServer.start()) {
            ollama.onModel("llama3.1").reply("{\"answer\": \"Beds L-04 and L-10 are free; L-07 is being cleaned.\","
                    + " \"records\": [\"rec-a\"]}");

            Run run = run("", "demo", "hospital", "--ollama-host", ollama.baseUrl(), "--json", "Which beds are free?");

            Map<String, Object> answer = JsonCodec.strict().parseObject(run.out().strip());
            assertThat(answer).containsEntry("decision", "ALLOW").containsEntry("text",
                    "Beds L-04 and L-10 are free; L-07 is being cleaned.\n\nSources: ward_beds.csv.");
            assertThat((Map<String, Object>) answer.get("provenance")).containsEntry("backend_used", "general_model")
                    .containsEntry("language_model", true);
            assertThat(ollama).receivedRequests(1).answeredEveryRequest()
                    .everyRequestContains("Bed L-04 (bay A): free.").noRequestContains("40377215", "pneumonia");
            assertThat(ollama.requests().get(0).path()).isEqualTo("/api/chat");
        }
    }

    @Test
    void withoutAReachableModelTheHospitalDemoSaysTheWardsWriterAnswered() {
        String closed;
        try (LoopbackModelServer gone = LoopbackModelServer.start()) {
            closed = gone.baseUrl();
        }

        Run run = run("", "demo", "hospital", "--ollama-host", closed, "--trace", "Which beds are free?");

        assertThat(run.status()).isZero();
        assertThat(run.out()).startsWith("# Trace").contains("- routing: slot ")
                .contains("- evidence: tools [list_beds]")
                .contains("Written without a language model (ward_writer)")
                .contains("Answered by ward_writer, without a language model (general_model failed (backend_retriable");
    }
}
