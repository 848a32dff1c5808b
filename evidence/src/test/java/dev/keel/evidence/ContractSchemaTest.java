package dev.keel.evidence;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.json.JsonCodec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The published plan and evidence schemas accept every contract the reference produced, and refuse broken ones. */
class ContractSchemaTest {

    private static final JsonCodec CODEC = JsonCodec.strict();

    @Test
    void everyPlanInTheCorpusValidates() {
        Schemas schema = Schemas.published("discovery-plan.schema.json");
        List<String> problems = new ArrayList<>();
        for (ConformanceTest.Case c : ConformanceTest.load("discovery-plan.jsonl")) {
            if (c.expected() != null) {
                schema.problems(CODEC.write(c.expected())).forEach(p -> problems.add(c.id() + ": " + p));
            }
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void everyEvidenceContractInTheCorpusValidates() {
        Schemas schema = Schemas.published("discovery-evidence.schema.json");
        List<String> problems = new ArrayList<>();
        for (ConformanceTest.Case c : ConformanceTest.load("evidence-gate.jsonl")) {
            if (c.expected() != null) {
                schema.problems(CODEC.write(c.expected())).forEach(p -> problems.add(c.id() + ": " + p));
            }
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void brokenContractsAreRefused() {
        Map<String, Object> plan = DiscoveryPlanBuilder.create().build(DiscoveryPlanInput.builder().build()).toWire();
        String text = CODEC.write(plan);
        Schemas schema = Schemas.published("discovery-plan.schema.json");
        assertThat(schema.problems(text)).isEmpty();
        assertThat(schema.problems(text.replace("\"requires_evidence_gate\":true", "\"requires_evidence_gate\":false"))).isNotEmpty();
        assertThat(schema.problems(text.replace("\"max_probe_count\":3", "\"max_probe_count\":37"))).isNotEmpty();
        assertThat(schema.problems(text.replace("\"allowed_primitives\":[]", "\"allowed_primitives\":[\"raw_sql\"]"))).isNotEmpty();
    }
}
