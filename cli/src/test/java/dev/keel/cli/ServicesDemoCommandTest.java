package dev.keel.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.json.JsonCodec;
import dev.keel.test.core.LoopbackModelServer;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code keel demo services} as a user runs it, offline: the embedded classifier answers the stages. */
@SuppressWarnings("unchecked")
class ServicesDemoCommandTest {

    private static final String MOVING = "I'm moving house next month and I have a car; what do I need to register?";

    /** The command's standard output; its exit status must be 0. */
    private static String keel(String... args) {
        StringWriter out = new StringWriter();
        int status = new CommandLine(new KeelCommand()).setOut(new PrintWriter(out)).execute(args);
        assertThat(status).as("exit status").isZero();
        return out.toString();
    }

    @Test
    void theReplyIsTheCatalogueEntryOfTheSelectedService() {
        String out = keel("demo", "services", "How do I renew my passport before travelling?");

        assertThat(out).startsWith("# Government-services assistant: answered [passport]\n\n"
                        + "Passport application (Kestrian Civil Registry)\n")
                .contains("Fee: 70 KRN. Processing time: 3 weeks.").contains("Apply at: /civil-registry/identity/passport")
                .contains("Stages answered by embedded-minilm-classifier (embedded-minilm-classifier is an embedded"
                        + " classifier, not a language model).");
    }

    @Test
    void theTraceShowsEveryStagesOutputItsValidationAndTheStateAfterTheMerge() {
        String out = keel("demo", "services", "--trace", MOVING);

        assertThat(out).startsWith("# Trace\n- governance: ALLOW").contains("- stages: judgement_v1 -> agency_detect_v1"
                + " -> semantic_analysis_v1 -> service_select_v1 -> multi_agency_service_answer_v1 -> session_end");
        for (String stage : List.of("judgement_v1", "agency_detect_v1", "semantic_analysis_v1", "service_select_v1",
                "multi_agency_service_answer_v1")) {
            assertThat(out).contains("## " + stage + " (attempt 1, embedded-minilm-classifier): valid");
        }
        assertThat(out).contains("cached_state after the merge: {\"judgement_v1\":{\"inquiry\":true},\"session_id\":")
                .contains("\"primaryAgency\":{\"agencyId\":\"transport_authority\"")
                .contains("# Government-services assistant: answered [vehicle_registration, address_registration]")
                .contains("Your request involves 2 agencies.");
    }

    @Test
    void smallTalkEndsAtTheJudgementWithGuidance() {
        Map<String, Object> answer = JsonCodec.strict().parseObject(keel("demo", "services", "--json", "Tell", "me", "a", "joke").strip());

        assertThat(answer).containsEntry("outcome", "guidance").containsEntry("services", List.of());
        assertThat((String) answer.get("text")).startsWith("I can help with the government services of the Republic of Kestria");
        assertThat((List<Object>) answer.get("stages")).hasSize(1)
                .allSatisfy(stage -> assertThat((Map<String, Object>) stage).containsEntry("stage", "judgement_v1")
                        .containsEntry("valid", true));
    }

    @Test
    void withoutAReachableOllamaTheEmbeddedClassifierAnswersAndSaysSo() {
        String closed;
        try (LoopbackModelServer gone = LoopbackModelServer.start()) {
            closed = gone.baseUrl();
        }

        Map<String, Object> answer = JsonCodec.strict().parseObject(keel("demo", "services", "--ollama-host", closed,
                "--json", "How do I renew my passport before travelling?").strip());

        assertThat(answer).containsEntry("outcome", "answered").containsEntry("services", List.of("passport"));
        Map<String, Object> provenance = (Map<String, Object>) ((Map<String, Object>) answer.get("governed")).get("provenance");
        assertThat((String) provenance.get("backend_used_reason")).startsWith("ollama failed");
    }
}
