package dev.keel.evidence;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.eval.EvalOpRegistry;
import dev.keel.core.eval.EvalRunner;
import org.junit.jupiter.api.Test;

/** keel eval writes the contracts' fields in the reference's order, the echoed plan in its given order. */
class WireOrderTest {

    private static final EvalRunner RUNNER = EvalRunner.create(EvalOpRegistry.discover());

    @Test
    void planFieldsComeInTheReferenceOrder() {
        String answer = RUNNER.answer("{\"op\":\"discovery_plan\",\"input\":{\"turnMeaning\":{\"stale_replay_forbidden\":true,"
                + "\"asked_domain_family\":\"x\"}}}");
        assertThat(answer).startsWith("{\"schema_version\":\"assistant_mcp_discovery_plan_v1\",\"policy_owner\":")
                .contains("\"turn_meaning_ref\":{\"asked_domain_family\":\"x\",\"stale_replay_forbidden\":true}")
                .contains("\"execution_budget\":{\"max_probe_count\":3,\"max_rows_per_probe\":100}");
    }

    @Test
    void theEchoedPlanKeepsItsKeyOrder() {
        String answer = RUNNER.answer("{\"op\":\"evidence_gate\",\"input\":{\"plan\":{\"reason_codes\":[{\"z\":1,\"a\":2}],"
                + "\"plan_status\":\"allowed\"}}}");
        assertThat(answer).startsWith("{\"schema_version\":\"assistant_mcp_discovery_evidence_v1\"")
                .contains("\"query_plan\":{\"reason_codes\":[{\"z\":1,\"a\":2}],\"plan_status\":\"allowed\"}");
    }
}
