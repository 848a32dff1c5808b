package dev.keel.eval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.json.JsonCodec;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The {@code route} operation through the {@code keel eval} harness, on the fleet-planning policy and routing table
 * of the pipeline's tests in their JSON form: planners see everything, auditors provenance and summaries, guests
 * summaries; top secret stays in the house; a tenth of requests to the internal model, half and two fifths to two
 * external ones (weights 1, 5, 4).
 */
class RouteEvalOpTest {

    private final EvalRunner runner = EvalRunner.create(EvalOpRegistry.standard());

    private static final String TABLE = compact("fleet-routing-table.json");
    private static final String POLICY = compact("fleet-policy.json");

    /** A JSON resource of this test as one line. */
    private static String compact(String name) {
        try (InputStream in = Objects.requireNonNull(RouteEvalOpTest.class.getResourceAsStream(name), name)) {
            JsonCodec codec = JsonCodec.strict();
            return codec.write(codec.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Map<String, Object> route(String members) {
        return JsonCodec.strict().parseObject(runner.answer("{\"op\":\"route\",\"input\":{" + members + ",\"table\":"
                + TABLE + "}}"));
    }

    @Test
    void routesByTheKeysHashOverTheWeights() {
        String answer = runner.answer("{\"op\":\"route\",\"input\":{\"role\":\"planner\",\"clearance\":\"secret\","
                + "\"prompt\":\"SCENARIO 2: retire two boats in Q3 within the budget\",\"table\":" + TABLE + "}}");

        // sha256("planner|secret|scenario-retire-boats-within-budget") starts 41c4dbb9fd60b3ff: slot 3 of 10.
        assertThat(answer).isEqualTo("{\"routing_key\":\"planner|secret|scenario-retire-boats-within-budget\","
                + "\"slot\":3,\"total_weight\":10,\"pool\":1,\"router_selected_llm\":\"llama\","
                + "\"reasoning_mode\":\"balanced_summary\",\"backend_target\":\"llama\","
                + "\"top_secret_internal_only\":false,\"override\":null}");
    }

    @Test
    void aTableNamingAStrategyNobodyProvidesIsRefused() {
        Map<?, ?> error = (Map<?, ?>) JsonCodec.strict().parseObject(runner.answer("{\"op\":\"route\",\"input\":{"
                + "\"role\":\"a\",\"clearance\":\"s\",\"prompt\":\"x\",\"table\":{\"strategy\":\"nobodys\","
                + "\"internal_backend_target\":\"i\"}}}")).get("error");

        assertThat(error.get("code")).isEqualTo("invalid_input");
        assertThat((String) error.get("message"))
                .startsWith("/table: invalid routing table: /strategy: unknown strategy 'nobodys'; known: weighted");
    }

    @Test
    void thePolicysSensitivityKeepsARequestInternal() {
        Map<String, Object> marked = route("\"role\":\"planner\",\"clearance\":\"secret\",\"prompt\":\"TS//SCI: retire"
                + " boats\",\"prompt_digest\":\"abcd\",\"policy\":" + POLICY);
        Map<String, Object> cleared = route("\"role\":\"planner\",\"clearance\":\"top_secret\",\"prompt\":\"retire boats\","
                + "\"prompt_digest\":\"abcd\",\"policy\":" + POLICY);
        Map<String, Object> withoutPolicy = route("\"role\":\"planner\",\"clearance\":\"top_secret\",\"prompt\":\"TOP"
                + " SECRET\",\"prompt_digest\":\"abcd\"");

        assertThat(marked).containsEntry("backend_target", "internal_chatgpt")
                .containsEntry("top_secret_internal_only", true).containsEntry("router_selected_llm", "deepseek");
        assertThat(cleared).containsEntry("top_secret_internal_only", true);
        assertThat(withoutPolicy).containsEntry("top_secret_internal_only", false);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "no prompt         | {\"role\":\"planner\",\"clearance\":\"secret\",\"table\":{}}                     | invalid_input  | /prompt: required",
        "role a number     | {\"role\":1,\"clearance\":\"secret\",\"prompt\":\"x\",\"table\":{}}               | invalid_input  | /role: must be a string",
        "no table          | {\"role\":\"a\",\"clearance\":\"s\",\"prompt\":\"x\"}                            | invalid_input  | /table: required",
        "bad table         | {\"role\":\"a\",\"clearance\":\"s\",\"prompt\":\"x\",\"table\":{}}               | invalid_input  | /table: invalid routing table",
        "unknown field     | {\"role\":\"a\",\"clearance\":\"s\",\"prompt\":\"x\",\"auditor_override\":true} | invalid_input  | /auditor_override: unknown key",
    })
    void rejectsBadInputNamingTheField(String name, String input, String code, String messageStart) {
        Map<?, ?> error = (Map<?, ?>) JsonCodec.strict()
                .parseObject(runner.answer("{\"op\":\"route\",\"input\":" + input + "}")).get("error");

        assertThat(error.get("code")).isEqualTo(code);
        assertThat((String) error.get("message")).startsWith(messageStart);
    }

    @Test
    void aBrokenPolicyIsNamedByItsPointer() {
        Map<?, ?> error = (Map<?, ?>) route("\"role\":\"a\",\"clearance\":\"s\",\"prompt\":\"x\",\"policy\":{\"version\":1}")
                .get("error");

        assertThat(error.get("code")).isEqualTo("invalid_policy");
        assertThat((String) error.get("message")).contains("/policy/version: must be a string");
    }
}
