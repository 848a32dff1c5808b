package dev.keel.eval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.json.JsonCodec;
import dev.keel.stage.StageContract;
import dev.keel.stage.StageContracts;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The {@code stage} op of {@code keel eval}, through the runner and the standard registry, on the services example's
 * workflow (its contracts read as plain files: the build adds them to the test class path) and the examples of
 * {@code docs/stage-runtime.md}.
 */
@SuppressWarnings("unchecked")
class StageEvalOpTest {

    private static final JsonCodec CODEC = JsonCodec.strict();
    private static final StageContracts SERVICES = StageContracts.fromResources(StageEvalOpTest.class,
            "/dev/keel/examples/services/contracts/", List.of("base_system", "judgement_v1", "agency_detect_v1",
                    "category_select_v1", "semantic_analysis_v1", "service_select_v1",
                    "multi_agency_service_answer_v1", StageContract.SESSION_END));
    private static final Path DOC = Path.of("..", "docs", "stage-runtime.md");

    private static final String JUDGEMENT_INQUIRY = """
            {"stage": "judgement_v1", "stageStatus": "ready", "judgements": {"inquiry": true},
             "assistantReply": null, "nextStep": "agency_detect_v1", "telemetry": {"notes": null}}""";
    private static final String JUDGEMENT_SMALL_TALK = """
            {"stage": "judgement_v1", "stageStatus": "ready", "judgements": {"inquiry": false},
             "assistantReply": "I can help with government services, such as taxes or civil registration. What do you need?",
             "nextStep": "session_end", "telemetry": {"notes": null}}""";
    private static final String AGENCY_HIGH = """
            {"session_id": "7d1f3c2a-5b8e-4f0a-9c6d-2e4b8a1f0c3d", "response_id": "r-agency-2", "stage": "agency_detect_v1",
             "judgements": {"agencyDetected": ["tax_agency", "civil_registry"],
               "agencyInfo": [{"agencyId": "tax_agency", "name": "National Tax Agency", "path": "/agencies/tax",
                               "description": "Income and business taxes"},
                              {"agencyId": "civil_registry", "name": "Civil Registry Office", "path": "/agencies/registry",
                               "description": "Residence and family records"}],
               "agencyCount": 2, "complexity": "high"},
             "nextStep": "semantic_analysis_v1", "telemetry": {"notes": null}}""";

    private final EvalRunner runner = EvalRunner.create(EvalOpRegistry.standard());

    private static Map<String, Object> parse(String json) {
        return CODEC.parseObject(json);
    }

    /** The lines of the JSON Lines block that follows {@code <!-- example: name -->} in the stage runtime's page. */
    private static List<String> documented(String name) throws IOException {
        String doc = Files.readString(DOC, StandardCharsets.UTF_8);
        int at = doc.indexOf("<!-- example: " + name + " -->");
        assertThat(at).as("example " + name).isNotNegative();
        int start = doc.indexOf('\n', doc.indexOf("```", at)) + 1;
        return doc.substring(start, doc.indexOf("```", start)).lines().filter(line -> !line.isBlank()).toList();
    }

    /** The op's answer to {@code input}, with the services workflow as its contracts unless it names its own. */
    private String line(String input) {
        return runner.answer(withServicesContracts(CODEC.write(Map.of("op", "stage", "input",
                parse(input)))));
    }

    /** A request line whose stage input, when it names no contracts, gets the services workflow's. */
    private static String withServicesContracts(String requestLine) {
        Map<String, Object> request = new LinkedHashMap<>(parse(requestLine));
        if (!"stage".equals(request.get("op"))) {
            return requestLine;
        }
        Map<String, Object> input = new LinkedHashMap<>((Map<String, Object>) request.get("input"));
        input.putIfAbsent("contracts", SERVICES.contracts().stream()
                .map(contract -> parse(contract.toJson())).toList());
        request.put("input", input);
        return CODEC.write(request);
    }

    private Map<String, Object> answer(String input) {
        return parse(line(input));
    }

    private Map<String, Object> error(String input) {
        return (Map<String, Object>) answer(input).get("error");
    }

    @Test
    void theOpIsDiscovered() {
        assertThat(EvalOpRegistry.standard().names()).contains("stage");
    }

    @Test
    void aValidOutputGivesItsStatePatch() {
        String line = line("{\"stage\": \"judgement_v1\", \"output\": " + JUDGEMENT_INQUIRY
                + ", \"cached_state\": {}}");

        assertThat(line).isEqualTo("{\"valid\":true,\"violations\":[],\"state_patch\":{\"judgement_v1\":{\"inquiry\":true}}}");
    }

    @Test
    void anInvalidOutputGivesEveryViolationAndNoPatch() {
        Map<String, Object> result = answer("{\"stage\": \"agency_detect_v1\", \"output\": "
                + AGENCY_HIGH.replace("\"agencyCount\": 2", "\"agencyCount\": 3")
                + ", \"cached_state\": {\"session_id\": \"someone-else\"}}");

        assertThat(result).containsEntry("valid", false).containsEntry("state_patch", null);
        assertThat((List<Map<String, Object>>) result.get("violations"))
                .extracting(v -> v.get("code") + " " + v.get("path"))
                .containsExactly("session_id_mismatch /session_id", "count_mismatch /judgements/agencyCount");
        assertThat((List<Map<String, Object>>) result.get("violations")).allSatisfy(v ->
                assertThat(v.keySet()).containsExactly("code", "path", "message"));
    }

    @Test
    void theOutputMayBeTheRawTextAndCachedStateMayBeLeftOut() {
        Map<String, Object> fenced = answer("{\"stage\": \"judgement_v1\", \"output\": \"```json\\n{}\\n```\"}");
        assertThat((List<Map<String, Object>>) fenced.get("violations")).extracting(v -> v.get("code")).containsExactly("output_not_json");

        Map<String, Object> raw = answer("{\"stage\": \"judgement_v1\", \"output\": "
                + CODEC.write(JUDGEMENT_SMALL_TALK) + "}");
        assertThat(raw).containsEntry("valid", true);

        Map<String, Object> array = answer("{\"stage\": \"judgement_v1\", \"output\": [1]}");
        assertThat((List<Map<String, Object>>) array.get("violations")).extracting(v -> v.get("code")).containsExactly("output_not_object");
    }

    @Test
    void inputThatIsNotARequestForTheOpIsAnError() {
        assertThat(error("{\"stage\": \"judgement_v2\", \"output\": {}}"))
                .containsEntry("code", "unknown_stage")
                .hasEntrySatisfying("message", m -> assertThat((String) m).startsWith("/stage: unknown stage 'judgement_v2'"));
        assertThat(error("{\"stage\": \"base_system\", \"output\": {}}")).containsEntry("code", "stage_has_no_output");
        assertThat(error("{\"output\": {}}")).hasEntrySatisfying("message", m -> assertThat((String) m).startsWith("/stage:"));
        assertThat(error("{\"stage\": \"judgement_v1\"}")).hasEntrySatisfying("message", m -> assertThat((String) m).startsWith("/output:"));
        assertThat(error("{\"stage\": \"judgement_v1\", \"output\": {}, \"cached_state\": []}"))
                .containsEntry("code", "invalid_input")
                .hasEntrySatisfying("message", m -> assertThat((String) m).startsWith("/cached_state:"));
        assertThat(error("{\"stage\": \"judgement_v1\", \"output\": {}, \"state\": {}}"))
                .hasEntrySatisfying("message", m -> assertThat((String) m).startsWith("/state: unknown field"));
        assertThat(error("{\"stage\": \"judgement_v1\", \"output\": {}, \"contracts\": [{\"id\": 7}]}"))
                .containsEntry("code", "invalid_contract")
                .hasEntrySatisfying("message", m -> assertThat((String) m).startsWith("/contracts/0: "));
    }

    @Test
    void withoutContractsTheOpSaysWhatItNeeds() {
        Map<String, Object> result = parse(runner.answer(
                "{\"op\": \"stage\", \"input\": {\"stage\": \"judgement_v1\", \"output\": {}}}"));
        assertThat((Map<String, Object>) result.get("error")).containsEntry("code", "invalid_input")
                .hasEntrySatisfying("message", m -> assertThat((String) m).startsWith("/contracts: required"));
    }

    @Test
    void theDocumentedExamplesAnswerAsDocumented() throws IOException {
        List<String> input = documented("eval-input");
        List<String> expected = documented("eval-output");
        StringWriter out = new StringWriter();

        runner.run(new StringReader(input.stream().map(StageEvalOpTest::withServicesContracts)
                .collect(java.util.stream.Collectors.joining("\n"))), out);

        assertThat(out.toString().lines().toList()).containsExactlyElementsOf(expected);
    }
}
