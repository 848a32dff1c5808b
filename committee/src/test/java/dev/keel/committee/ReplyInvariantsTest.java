package dev.keel.committee;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The public checker finds each broken invariant in a reply's wire form. */
class ReplyInvariantsTest {

    private static final BigDecimal THRESHOLD = new BigDecimal("0.70");

    private static final String GOOD = "## TL;DR\nAdd the index.\n\n## Answer\nAdd it [solver:u1].\n\n## Assumptions\n"
            + "- PostgreSQL\n\n## Confidence\nc_final = 0.8\n";

    private static Map<String, Object> wire(String reply, String cFinal, List<String> discarded, List<String> quarantined,
                                            Map<String, Object> audit) {
        Map<String, Object> meta = Map.of("c_final", new BigDecimal(cFinal), "invalidation",
                Map.of("discarded", discarded, "quarantined", quarantined, "valid", List.of()));
        return audit == null ? Map.of("reply", reply, "meta", meta) : Map.of("reply", reply, "meta", meta, "audit", audit);
    }

    private static List<String> codes(Map<String, Object> wire) {
        return ReplyInvariants.check(wire, THRESHOLD).stream().map(InvariantViolation::code).toList();
    }

    @Test
    void aReplyThatKeepsEveryInvariantPasses() {
        assertThat(codes(wire(GOOD, "0.8", List.of(), List.of(), null))).isEmpty();
    }

    @Test
    void eachMissingSectionIsFound() {
        assertThat(codes(wire(GOOD.replace("## TL;DR\nAdd the index.\n", ""), "0.8", List.of(), List.of(), null)))
                .contains("tldr");
        assertThat(codes(wire(GOOD.replace("- PostgreSQL\n", ""), "0.8", List.of(), List.of(), null)))
                .containsExactly("assumptions");
        assertThat(codes(wire(GOOD, "0.75", List.of(), List.of(), null))).containsExactly("confidence");
        assertThat(codes(wire(GOOD.replace("Add it [solver:u1].", "1. one\n2. two"), "0.8", List.of(), List.of(), null)))
                .containsExactly("estimate_missing");
    }

    @Test
    void aWrongExpectedValueOrTotalIsFound() {
        String estimate = "\n## Execution time estimate\n- Unit: hours\n- Per-step (3-point):\n"
                + "  - Step 1 (one): O=1, M=2, P=4, E=2.2\n- Total:\n  - O_total=1, M_total=2, P_total=4, E_total=2.2\n";
        assertThat(codes(wire(GOOD + estimate, "0.8", List.of(), List.of(), null)))
                .containsExactly("estimate_inconsistent", "estimate_inconsistent");
    }

    @Test
    void citationsOfDiscardedAndUnjustifiedQuarantinedUnitsAreFound() {
        assertThat(codes(wire(GOOD, "0.8", List.of("solver"), List.of(), null))).containsExactly("discard_cited");
        assertThat(codes(wire(GOOD, "0.8", List.of(), List.of("solver"), Map.of("quarantineJustifications", List.of()))))
                .containsExactly("quarantine_unjustified");
        assertThat(codes(wire(GOOD, "0.8", List.of(), List.of("solver"), Map.of("quarantineJustifications",
                List.of(Map.of("unit", "solver:u1", "justification", "only source")))))).isEmpty();
    }

    @Test
    void theQuestionRuleHoldsBothWays() {
        String question = "**Question:** Which one?\n\nA) this\nB) that\nC) neither\n";
        assertThat(codes(wire(question, "0.5", List.of(), List.of(), null))).isEmpty();
        assertThat(codes(wire(GOOD, "0.5", List.of(), List.of(), null))).containsExactly("question_expected");
        assertThat(codes(wire(question + "\nAlso, here is an answer.", "0.5", List.of(), List.of(), null)))
                .containsExactly("question_expected");
        assertThat(codes(wire(GOOD + "\nA) more\nB) options\n", "0.8", List.of(), List.of(), null)))
                .containsExactly("question_when_shipping");
    }
}
