package dev.keel.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.CancelledException;
import dev.keel.core.json.JsonCodec;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * An expression's evaluations over every combination of extracted values share one cost budget, counted in CEL's
 * evaluation steps: a rule of 10,000 iterations over 10,000 combinations (about a thousand million steps) stops
 * after the budget and fails closed; the thread's interrupt stops it too.
 */
class RuleCheckTest {

    /** Two nested comprehensions of 100 and 99 elements: 10,000 iterations, CEL's limit for one evaluation. */
    private static final String TEN_THOUSAND = range(100) + ".all(x, " + range(99) + ".all(y, x * y != a + b))";
    private static final Map<String, Extraction> AB = Map.of("a", Extraction.number("a([0-9]+)"),
            "b", Extraction.number("b([0-9]+)"));

    private static String range(int n) {
        return IntStream.range(0, n).mapToObj(Integer::toString).collect(Collectors.joining(",", "[", "]"));
    }

    /** 100 values of a (10000 and up) and 100 of b: 10,000 combinations, for each of which the rule holds. */
    private static String answer() {
        return IntStream.range(0, 100).mapToObj(i -> " a" + (10_000 + i) + " b" + i).collect(Collectors.joining());
    }

    @Test
    void theCombinationsStopWhenTheirSharedBudgetIsSpent() {
        RuleCheck check = RuleCheck.expression(TEN_THOUSAND, AB, OnMissing.SKIP);

        RuleCheck.Outcome outcome = check.check(answer(), Map.of());
        RuleCheck.Outcome one = check.check(" a10000 b1", Map.of());

        assertThat(outcome.violated()).isTrue();
        assertThat(outcome.reason()).contains(RuleCheck.COST_EXCEEDED);
        // One evaluation takes about 100,000 steps; all 10,000 would take a thousand times the budget.
        assertThat(one.violated()).isFalse();
        assertThat(one.cost()).isBetween(50_000L, RuleCheck.MAX_COST);
        assertThat(outcome.cost()).isGreaterThan(RuleCheck.MAX_COST)
                .isLessThan(RuleCheck.MAX_COST + 2 * one.cost());
    }

    @Test
    void anOrdinaryRuleIsNotChargedPastItsWork() {
        RuleCheck check = RuleCheck.expression("a <= 50 && b <= 50", AB, OnMissing.SKIP);

        RuleCheck.Outcome outcome = check.check(" a1 a2 a3 b4 b5", Map.of());

        assertThat(outcome).isEqualTo(new RuleCheck.Outcome(false, Optional.empty(), outcome.cost()));
        assertThat(outcome.cost()).isBetween(1L, 100L);
    }

    @Test
    void anInterruptedThreadStopsTheEvaluation() {
        RuleCheck check = RuleCheck.expression(TEN_THOUSAND, AB, OnMissing.SKIP);
        Thread.currentThread().interrupt();
        try {
            assertThatThrownBy(() -> check.check(answer(), Map.of())).isInstanceOf(CancelledException.class);
        } finally {
            Thread.interrupted();
        }
    }

    @Test
    void lane1ReportsTheRuleThatFailedClosedInItsWireForm() {
        String rules = "[{\"id\":\"costly\",\"scope\":\"global\",\"condition_text\":\"c\",\"action_text\":\"a\","
                + "\"lane\":\"deterministic\",\"enforcement_expression\":\"" + TEN_THOUSAND + "\",\"extract\":"
                + "{\"a\":{\"pattern\":\"a([0-9]+)\",\"type\":\"number\"},\"b\":{\"pattern\":\"b([0-9]+)\","
                + "\"type\":\"number\"}}},{\"id\":\"plain\",\"scope\":\"global\",\"condition_text\":\"c\","
                + "\"action_text\":\"a\",\"lane\":\"deterministic\",\"enforcement_expression\":\"a > 0\","
                + "\"extract\":{\"a\":{\"pattern\":\"a([0-9]+)\",\"type\":\"number\"}}}]";
        RuleSet set = RuleSet.fromJson(rules);
        JsonCodec codec = JsonCodec.strict();

        String costly = codec.write(set.check(EnforcementRequest.builder().selected(List.of("costly", "plain"))
                .response(answer()).build()).toWire());
        String ordinary = codec.write(set.check(EnforcementRequest.builder().selected(List.of("costly", "plain"))
                .response("a10000 b1").build()).toWire());

        assertThat(codec.parseObject(costly)).isEqualTo(Map.of("verdict", "violation", "violations",
                List.of(Map.of("rule_id", "costly", "lane", "deterministic", "reason", "rule_cost_exceeded")),
                "judge", List.of()));
        assertThat(ordinary).isEqualTo("{\"verdict\":\"pass\",\"violations\":[],\"judge\":[]}");
    }
}
