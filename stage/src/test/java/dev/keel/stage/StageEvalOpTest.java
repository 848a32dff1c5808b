package dev.keel.stage;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.eval.EvalOpRegistry;
import dev.keel.core.eval.EvalRunner;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The {@code stage} op of {@code keel eval}, through the runner and the discovered registry. */
@SuppressWarnings("unchecked")
class StageEvalOpTest {

    private final EvalRunner runner = EvalRunner.create(EvalOpRegistry.discover());

    /** The op's answer to {@code input}, with the services workflow as its contracts unless it names its own. */
    private String line(String input) {
        return runner.answer(withServicesContracts(StageFixtures.CODEC.write(Map.of("op", "stage", "input",
                StageFixtures.parse(input)))));
    }

    /** A request line whose stage input, when it names no contracts, gets the services workflow's. */
    private static String withServicesContracts(String requestLine) {
        Map<String, Object> request = new LinkedHashMap<>(StageFixtures.parse(requestLine));
        if (!"stage".equals(request.get("op"))) {
            return requestLine;
        }
        Map<String, Object> input = new LinkedHashMap<>((Map<String, Object>) request.get("input"));
        input.putIfAbsent("contracts", StageFixtures.SERVICES.contracts().stream()
                .map(contract -> StageFixtures.parse(contract.toJson())).toList());
        request.put("input", input);
        return StageFixtures.CODEC.write(request);
    }

    private Map<String, Object> answer(String input) {
        return StageFixtures.parse(line(input));
    }

    private Map<String, Object> error(String input) {
        return (Map<String, Object>) answer(input).get("error");
    }

    @Test
    void theOpIsDiscovered() {
        assertThat(EvalOpRegistry.discover().names()).contains("stage");
    }

    @Test
    void aValidOutputGivesItsStatePatch() {
        String line = line("{\"stage\": \"judgement_v1\", \"output\": " + StageFixtures.JUDGEMENT_INQUIRY
                + ", \"cached_state\": {}}");

        assertThat(line).isEqualTo("{\"valid\":true,\"violations\":[],\"state_patch\":{\"judgement_v1\":{\"inquiry\":true}}}");
    }

    @Test
    void anInvalidOutputGivesEveryViolationAndNoPatch() {
        Map<String, Object> result = answer("{\"stage\": \"agency_detect_v1\", \"output\": "
                + StageFixtures.AGENCY_HIGH.replace("\"agencyCount\": 2", "\"agencyCount\": 3")
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
                + StageFixtures.CODEC.write(StageFixtures.JUDGEMENT_SMALL_TALK) + "}");
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
        Map<String, Object> result = StageFixtures.parse(runner.answer(
                "{\"op\": \"stage\", \"input\": {\"stage\": \"judgement_v1\", \"output\": {}}}"));
        assertThat((Map<String, Object>) result.get("error")).containsEntry("code", "invalid_input")
                .hasEntrySatisfying("message", m -> assertThat((String) m).startsWith("/contracts: required"));
    }

    @Test
    void theDocumentedExamplesAnswerAsDocumented() {
        List<String> input = DocsExamples.lines("eval-input");
        List<String> expected = DocsExamples.lines("eval-output");
        StringWriter out = new StringWriter();

        runner.run(new StringReader(input.stream().map(StageEvalOpTest::withServicesContracts)
                .collect(java.util.stream.Collectors.joining("\n"))), out);

        assertThat(out.toString().lines().toList()).containsExactlyElementsOf(expected);
    }
}
