package dev.keel.cli;

import static dev.keel.test.KeelAssertions.assertThat;

import dev.keel.core.json.JsonCodec;
import dev.keel.test.core.LoopbackModelServer;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The keel command as a user runs it: exit statuses, one output line per input line, the demo. */
@SuppressWarnings("unchecked")
class KeelCommandTest {

    @Test
    void malformedLineGivesExactlyOneErrorLineAndExitZero() {
        CommandRun run = CommandRun.withInput("not json\n", "eval");

        assertThat(run.status()).isZero();
        assertThat(run.lines()).hasSize(1);
        assertThat(JsonCodec.strict().parseObject(run.lines().get(0))).containsKey("error");
    }

    @Test
    void unknownOpGivesExactlyOneErrorLineAndExitZero() {
        CommandRun run = CommandRun.withInput("{\"op\":\"nope\",\"input\":{}}\n", "eval");

        assertThat(run.status()).isZero();
        assertThat(run.lines()).hasSize(1);
        assertThat(run.lines().get(0)).contains("\"unknown_op\"");
    }

    @Test
    void everyModulesOpsAreRegistered() {
        CommandRun run = CommandRun.withInput("", "eval", "--list-ops");

        assertThat(run.lines()).contains("discovery_plan", "evidence_gate", "policy", "policy_lint", "route", "filter",
                "filter_stream", "llm_config");
    }

    @Test
    void opsOfDifferentModulesAnswerInOrder() {
        CommandRun run = CommandRun.withInput(String.join("\n",
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
        CommandRun run = CommandRun.withInput("{\"op\":\"route\",\"input\":{\"role\":\"planner\",\"clearance\":\"secret\","
                + "\"prompt\":\"SCENARIO 2: retire two boats in Q3 within the budget\"}}", "eval");

        assertThat(run.lines()).containsExactly("{\"scenario_tag\":\"2\",\"routing_key\":\"planner|secret|2|"
                + "scenario-retire-boats-within-budget\",\"n\":49,\"index\":9,\"router_selected_llm\":\"deepseek\","
                + "\"reasoning_mode\":\"policy_summary\",\"backend_target\":\"deepseek\","
                + "\"top_secret_internal_only\":false,\"override\":null}");
    }

    @Test
    void usageErrorsExitTwoAndHelpExitsZero() {
        assertThat(CommandRun.withInput("", "eval", "--bogus").status()).isEqualTo(2);
        assertThat(CommandRun.withInput("").status()).isEqualTo(2);
        assertThat(CommandRun.withInput("", "demo").status()).isEqualTo(2);
        CommandRun help = CommandRun.withInput("", "--help");
        assertThat(help.status()).isZero();
        assertThat(help.out()).contains("eval").contains("demo");
        assertThat(CommandRun.withInput("", "eval", "--help").out()).contains("JSON Lines").contains("error");
    }

    @Test
    void demoPrintsTheWholeResultAsJson() {
        CommandRun run = CommandRun.withInput("", "demo", "marp", "--role", "guest", "--json", "Compare the calendars for retiring two boats");

        assertThat(run.status()).isZero();
        Map<String, Object> result = JsonCodec.strict().parseObject(run.out().strip());
        assertThat(result).containsEntry("decision", "PARTIAL").containsKeys("sections", "provenance_stub", "trace");
    }

    @Test
    void demoTracePrintsEachStepBeforeTheAnswer() {
        CommandRun run = CommandRun.withInput("", "demo", "marp", "--trace", "SCENARIO 1: compare the calendars for retiring two boats");

        assertThat(run.out()).startsWith("# Trace").contains("- governance: ALLOW").contains("- evidence: scenario_1")
                .contains("- routing: scenario_tag 1, n ").contains("- reasoning:").contains("- confidence:")
                .contains("- outbound_filter:").contains("```provenance_stub");
    }

    // ---- keel demo hospital ----

    private static final String PATIENT_IN_L03 = "How is the patient in bed L-03 doing?";

    @Test
    void theHospitalDemoAnswersEachRoleAsItsPolicySays() {
        CommandRun physician = CommandRun.withInput("", "demo", "hospital", "--role", "physician", PATIENT_IN_L03);
        CommandRun nurse = CommandRun.withInput("", "demo", "hospital", "--role", "nurse", PATIENT_IN_L03);
        CommandRun guest = CommandRun.withInput("", "demo", "hospital", "--role", "guest", PATIENT_IN_L03);

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

            CommandRun run = CommandRun.withInput("", "demo", "hospital", "--ollama-host", ollama.baseUrl(), "--json", "Which beds are free?");

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

        CommandRun run = CommandRun.withInput("", "demo", "hospital", "--ollama-host", closed, "--trace", "Which beds are free?");

        assertThat(run.status()).isZero();
        assertThat(run.out()).startsWith("# Trace").contains("- routing: slot ")
                .contains("- evidence: tools [list_beds]")
                .contains("Written without a language model (ward_writer)")
                .contains("Answered by ward_writer, without a language model (general_model failed (backend_retriable");
    }
}
