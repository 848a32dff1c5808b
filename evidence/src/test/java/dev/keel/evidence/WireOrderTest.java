package dev.keel.evidence;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.json.JsonCodec;
import org.junit.jupiter.api.Test;

/** The contracts' wire forms write their fields in the reference's order, the echoed plan in its given order. */
class WireOrderTest {

    private static final JsonCodec CODEC = JsonCodec.strict();

    @Test
    void planFieldsComeInTheReferenceOrder() {
        String answer = CODEC.write(DiscoveryPlanBuilder.create().build(DiscoveryPlanInput.fromWire(CODEC.parseObject(
                "{\"turnMeaning\":{\"stale_replay_forbidden\":true,\"asked_domain_family\":\"x\"}}"))).toWire());
        assertThat(answer).startsWith("{\"schema_version\":\"assistant_mcp_discovery_plan_v1\",\"policy_owner\":")
                .contains("\"turn_meaning_ref\":{\"asked_domain_family\":\"x\",\"stale_replay_forbidden\":true}")
                .contains("\"execution_budget\":{\"max_probe_count\":3,\"max_rows_per_probe\":100}");
    }

    @Test
    void theEchoedPlanKeepsItsKeyOrder() {
        String answer = CODEC.write(EvidenceGate.create().resolve(EvidenceGateInput.fromWire(CODEC.parseObject(
                "{\"plan\":{\"reason_codes\":[{\"z\":1,\"a\":2}],\"plan_status\":\"allowed\"}}"))).toWire());
        assertThat(answer).startsWith("{\"schema_version\":\"assistant_mcp_discovery_evidence_v1\"")
                .contains("\"query_plan\":{\"reason_codes\":[{\"z\":1,\"a\":2}],\"plan_status\":\"allowed\"}");
    }
}
