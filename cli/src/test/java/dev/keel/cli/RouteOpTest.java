package dev.keel.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.json.JsonCodec;
import dev.keel.eval.EvalOpRegistry;
import dev.keel.eval.EvalRunner;
import dev.keel.examples.marp.MarpData;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The {@code route} operation of {@code keel eval} on the MARP table: the eval module's op reads a table naming the
 * seed's strategy (found through the strategy registry on the command line's class path, which has the MARP
 * example) and answers with exactly the seed's fields.
 */
class RouteOpTest {

    private final EvalRunner runner = EvalRunner.create(EvalOpRegistry.standard());

    private static final String TABLE = JsonCodec.strict().write(MarpData.routingTable().toTree());
    private static final String POLICY = JsonCodec.strict().write(MarpData.policy().toTree());

    @Test
    void routesByTheSeedsKeyLength() {
        String answer = runner.answer("{\"op\":\"route\",\"input\":{\"role\":\"planner\",\"clearance\":\"secret\","
                + "\"prompt\":\"SCENARIO 2: retire two boats in Q3 within the budget\",\"table\":" + TABLE + "}}");

        assertThat(answer).isEqualTo("{\"scenario_tag\":\"2\",\"routing_key\":\"planner|secret|2|"
                + "scenario-retire-boats-within-budget\",\"n\":49,\"index\":9,\"router_selected_llm\":\"deepseek\","
                + "\"reasoning_mode\":\"policy_summary\",\"backend_target\":\"deepseek\","
                + "\"top_secret_internal_only\":false,\"override\":null}");
    }

    @Test
    void thePolicysSensitivityAndTheOverrideApplyOverTheSeedsStrategy() {
        Map<String, Object> marked = JsonCodec.strict().parseObject(runner.answer("{\"op\":\"route\",\"input\":{"
                + "\"role\":\"auditor\",\"clearance\":\"secret\",\"prompt\":\"SCENARIO 3: this is Top-Secret\","
                + "\"prompt_digest\":\"abcd\",\"table\":" + TABLE + ",\"policy\":" + POLICY + "}}"));

        assertThat(marked).containsExactly(Map.entry("scenario_tag", "3"),
                Map.entry("routing_key", "auditor|secret|3|abcd"), Map.entry("n", new java.math.BigDecimal("18")),
                Map.entry("index", new java.math.BigDecimal("8")), Map.entry("router_selected_llm", "chatgpt"),
                Map.entry("reasoning_mode", "detailed_analysis"), Map.entry("backend_target", "internal_chatgpt"),
                Map.entry("top_secret_internal_only", true), Map.entry("override", "auditor_override"));
    }
}
