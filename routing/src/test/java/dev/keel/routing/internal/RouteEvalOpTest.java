package dev.keel.routing.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.eval.EvalOpRegistry;
import dev.keel.core.eval.EvalRunner;
import dev.keel.core.json.JsonCodec;
import dev.keel.routing.PoolEntry;
import dev.keel.routing.RoutingOverride;
import dev.keel.routing.RoutingTable;
import dev.keel.routing.ScenarioTagger;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The {@code route} operation through the {@code keel eval} harness. */
class RouteEvalOpTest {

    private final EvalRunner runner = EvalRunner.create(EvalOpRegistry.discover());

    private static final String TABLE = JsonCodec.strict().write(RoutingTable.builder()
            .entries(0, 0, new PoolEntry("chatgpt", "detailed_analysis", "internal_chatgpt"))
            .entries(1, 5, new PoolEntry("llama", "balanced_summary", "llama"))
            .entries(6, 9, new PoolEntry("deepseek", "policy_summary", "deepseek"))
            .internalBackendTarget("internal_chatgpt")
            .scenarioTagger(ScenarioTagger.of("scenario", java.util.List.of("1", "2", "3"), "0"))
            .override(new RoutingOverride("auditor_override", "auditor",
                    new PoolEntry("chatgpt", "detailed_analysis", "internal_chatgpt")))
            .build().toTree());

    @Test
    void routesAsTheSeedSays() {
        String answer = runner.answer("{\"op\":\"route\",\"input\":{\"role\":\"planner\",\"clearance\":\"secret\","
                + "\"prompt\":\"SCENARIO 2: retire two boats in Q3 within the budget\",\"table\":" + TABLE + "}}");

        assertThat(answer).isEqualTo("{\"scenario_tag\":\"2\",\"routing_key\":\"planner|secret|2|"
                + "scenario-retire-boats-within-budget\",\"n\":49,\"index\":9,\"router_selected_llm\":\"deepseek\","
                + "\"reasoning_mode\":\"policy_summary\",\"backend_target\":\"deepseek\","
                + "\"top_secret_internal_only\":false,\"override\":null}");
    }

    @Test
    void topSecretStaysInternalAndTheAuditorOverrideIsRecorded() {
        Map<String, Object> topSecret = JsonCodec.strict().parseObject(runner.answer("{\"op\":\"route\",\"input\":"
                + "{\"role\":\"planner\",\"clearance\":\"secret\",\"prompt\":\"TOP-SECRET: retire boats\","
                + "\"prompt_digest\":\"abcd\",\"table\":" + TABLE + "}}"));
        Map<String, Object> auditor = JsonCodec.strict().parseObject(runner.answer("{\"op\":\"route\",\"input\":"
                + "{\"role\":\"auditor\",\"clearance\":\"secret\",\"prompt\":\"trace it\",\"prompt_digest\":\"abcd\","
                + "\"table\":" + TABLE + "}}"));

        assertThat(topSecret).containsEntry("backend_target", "internal_chatgpt")
                .containsEntry("top_secret_internal_only", true).containsEntry("router_selected_llm", "deepseek");
        assertThat(auditor).containsEntry("router_selected_llm", "chatgpt").containsEntry("override", "auditor_override")
                .containsEntry("backend_target", "internal_chatgpt");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "no prompt         | {\"role\":\"planner\",\"clearance\":\"secret\"}                                          | /prompt: required",
        "role a number     | {\"role\":1,\"clearance\":\"secret\",\"prompt\":\"x\"}                                   | /role: must be a string",
        "no table          | {\"role\":\"a\",\"clearance\":\"s\",\"prompt\":\"x\"}                                  | /table: required",
        "bad table         | {\"role\":\"a\",\"clearance\":\"s\",\"prompt\":\"x\",\"table\":{}}                         | /table: invalid routing table",
        "unknown field     | {\"role\":\"a\",\"clearance\":\"s\",\"prompt\":\"x\",\"auditor_override\":true}         | /auditor_override: unknown field",
    })
    void rejectsBadInputNamingTheField(String name, String input, String messageStart) {
        Map<?, ?> error = (Map<?, ?>) JsonCodec.strict()
                .parseObject(runner.answer("{\"op\":\"route\",\"input\":" + input + "}")).get("error");

        assertThat(error.get("code")).isEqualTo("invalid_input");
        assertThat((String) error.get("message")).startsWith(messageStart);
    }
}
