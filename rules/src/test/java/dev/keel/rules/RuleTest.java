package dev.keel.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.InvalidInputException;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.json.JsonProblem;
import dev.keel.core.json.JsonTreeReader;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RuleTest {

    private static final String AMOUNT = "refund of \\$([0-9][0-9,]*(?:\\.[0-9]+)?)";

    private static Rule.Builder rule(String id) {
        return Rule.builder(id).conditionText("when it applies").actionText("what it asks");
    }

    private static RuleVerdict check(Rule rule, String response, Map<String, ?> variables) {
        return RuleSet.of(List.of(rule)).check(EnforcementRequest.builder().selected(List.of(rule.id()))
                .variables(variables).response(response).build());
    }

    @Test
    void aDeterministicRuleCompilesItsExpressionOnceAndKnowsItsVariables() {
        Rule rule = rule("refund_limit").enforcementExpression("refund_amount <= limit && [1, 2].all(x, x > 0)")
                .extract("refund_amount", Extraction.number(AMOUNT)).build();

        assertThat(rule.lane()).isEqualTo(Lane.DETERMINISTIC);
        assertThat(rule.variables()).containsExactlyInAnyOrder("refund_amount", "limit");
        assertThat(check(rule, "a refund of $80", Map.of("limit", 100)).passed()).isTrue();
        assertThat(check(rule, "a refund of $80", Map.of("limit", 50)).passed()).isFalse();
    }

    @Test
    void digitsAreAnIntAndOtherNumbersADouble() {
        // CEL adds no int to a double: which one a value is shows in arithmetic.
        Rule plusOne = rule("plus_one").enforcementExpression("amount + 1 <= 51")
                .extract("amount", Extraction.number("amount ([0-9.,-]+)")).build();

        assertThat(check(plusOne, "amount 50", Map.of()).passed()).isTrue();
        assertThat(check(plusOne, "amount 1,000", Map.of()).passed()).isFalse();
        // 50.0 is a double, so "+ 1" cannot be evaluated: the rule fails closed.
        assertThat(check(plusOne, "amount 50.0", Map.of()).passed()).isFalse();
        assertThat(check(plusOne, "amount -5", Map.of()).passed()).isFalse();
    }

    @Test
    void aMatchThatIsNotANumberYieldsNoValue() {
        Rule rule = rule("limit").enforcementExpression("amount <= 50")
                .extract("amount", Extraction.number("amount (\\S+)")).build();

        assertThat(check(rule, "amount unknown", Map.of()).passed()).as("no value: skipped").isTrue();
        assertThat(check(rule, "amount unknown, amount 70", Map.of()).passed()).isFalse();
        assertThat(check(rule, "amount 1.2.3", Map.of("amount", 90)).passed()).as("the variable's value").isFalse();
    }

    @Test
    void variablesAreIntsDoublesStringsAndBooleans() {
        Rule rule = rule("typed").enforcementExpression("n == 3 && d > 2.5 && s == 'x' && b").build();

        assertThat(check(rule, "", Map.of("n", 3L, "d", 2.75, "s", "x", "b", true)).passed()).isTrue();
        assertThat(check(rule, "", Map.of("n", new java.math.BigDecimal("3"), "d", new java.math.BigDecimal("2.6"),
                "s", "x", "b", true)).passed()).isTrue();
        assertThatThrownBy(() -> check(rule, "", Map.of("n", List.of(3))))
                .isInstanceOf(InvalidInputException.class).hasMessage("/variables/n: must be a number, a string or a "
                        + "boolean, found an array");
    }

    @Test
    void anExpressionThatCannotBeEvaluatedIsAViolation() {
        Rule rule = rule("number").enforcementExpression("amount <= 50").build();

        assertThat(check(rule, "", Map.of("amount", "eighty")).violations())
                .containsExactly(new RuleViolation("number", Lane.DETERMINISTIC));
    }

    @Test
    void combinationsAreEvaluatedWithinOneCostBudget() {
        Rule rule = rule("pairs").enforcementExpression("a >= 0 && b >= 0")
                .extract("a", Extraction.number("a([0-9]+)")).extract("b", Extraction.number("b([0-9]+)")).build();

        assertThat(check(rule, " a1 a2 b1 b1 b1", Map.of()).passed()).as("distinct values only").isTrue();
        assertThat(check(rule, pairs(101), Map.of()).passed()).as("101 x 101 cheap combinations").isTrue();
        assertThat(check(rule, pairs(400), Map.of()).violations()).as("400 x 400: past the budget").containsExactly(
                new RuleViolation("pairs", Lane.DETERMINISTIC, Optional.of("rule_cost_exceeded")));
    }

    /** " a0 b0 a1 b1 ...": {@code n} values of a and of b. */
    private static String pairs(int n) {
        StringBuilder answer = new StringBuilder();
        for (int i = 0; i < n; i++) {
            answer.append(" a").append(i).append(" b").append(i);
        }
        return answer.toString();
    }

    @Test
    void aComprehensionCannotRunForever() {
        Rule rule = rule("loop").enforcementExpression(
                "[0,1,2,3,4,5,6,7,8,9].all(a, [0,1,2,3,4,5,6,7,8,9].all(b, [0,1,2,3,4,5,6,7,8,9].all(c, "
                        + "[0,1,2,3,4,5,6,7,8,9].all(d, [0,1,2,3,4,5,6,7,8,9].all(e, a + b + c + d + e + n >= 0)))))")
                .build();

        assertThat(check(rule, "", Map.of("n", 0)).passed()).as("100,000 iterations: past the limit").isFalse();
    }

    @Test
    void everyProblemOfARuleIsNamedByPointer() {
        Rule.Builder broken = Rule.builder("bad id!").lane(Lane.SUBJECTIVE).hard(true).scope(RuleScope.scenario("x"))
                .tools(List.of("lookup", "lookup")).onMissing(OnMissing.VIOLATION);

        // The rule book's schema checks a rule built in code as it checks one in a document: sorted by pointer.
        assertThat(broken.problems()).extracting(Object::toString).containsExactly(
                "/action_text: is required",
                "/condition_text: is required",
                "/hard: only a global rule may be hard: a hard rule is checked on every turn, wherever the "
                        + "conversation is",
                "/id: must be 1 to 100 letters, digits, '_', '.' or '-', found 'bad id!'",
                "/on_missing: a subjective rule is judged, not computed: only a deterministic rule has on_missing",
                "/tools: must not repeat an entry");
        assertThatThrownBy(broken::build).isInstanceOf(InvalidRulesException.class)
                .hasMessageStartingWith("rule 'bad id!': /action_text: is required; ");
    }

    @Test
    void anExpressionMustBeABooleanAndReadWhatItExtracts() {
        assertThat(rule("n").enforcementExpression("amount + 1").problems()).singleElement().asString()
                .isEqualTo("/enforcement_expression: is not a valid CEL expression: ERROR: <input>:1:8: expected type"
                        + " 'bool' but found 'int' | amount + 1 | .......^");
        assertThat(rule("x").enforcementExpression("a > 0").extract("b", Extraction.number("b([0-9]+)")).problems())
                .extracting(Object::toString).containsExactly("/extract/b: the expression does not read 'b'");
        assertThat(rule("y").enforcementExpression("in > 0").problems()).isNotEmpty();
        assertThat(rule("z").forbidPattern("(a)\\1").problems()).singleElement().asString()
                .startsWith("/forbid_pattern: uses a back-reference");
    }

    @Test
    void theJsonFormRoundTrips() {
        Rule rule = rule("refund_limit").scope(RuleScope.step("refund", "confirm")).priority(5).group("money")
                .enforcementExpression("refund_amount <= 50").extract("refund_amount", Extraction.number(AMOUNT))
                .onMissing(OnMissing.VIOLATION).risky(true).tool("check_refund_policy").build();

        RuleSet read = RuleSet.fromTree(List.of(rule.toWire()));

        assertThat(read.rules()).containsExactly(rule);
        assertThat(rule.toWire()).containsEntry("scope", "step").containsEntry("scenario", "refund")
                .containsEntry("on_missing", "violation").containsEntry("tools", List.of("check_refund_policy"));
    }

    @Test
    void rulesAndIdsInsideAHostsDocumentReportProblemsAtTheirPointers() {
        JsonTreeReader reader = JsonTreeReader.of(JsonCodec.strict().parse("{\"rules\": [{\"id\": \"kept\","
                + " \"scope\": \"global\", \"condition_text\": \"c\", \"action_text\": \"a\", \"lane\": \"subjective\"},"
                + " {\"id\": \"broken\", \"scope\": \"global\"}], \"start\": \"no spaces allowed\", \"next\": \"step_2\"}"));
        JsonTreeReader.ObjectValue document = reader.root().object("rules", "start", "next");

        RuleSet rules = RuleSet.read(document.required("rules"));
        String start = Rule.readId(document.required("start"));
        String next = Rule.readId(document.required("next"));

        assertThat(rules.rules()).extracting(Rule::id).containsExactly("kept");
        assertThat(start).isNull();
        assertThat(next).isEqualTo("step_2");
        assertThat(reader.problems()).extracting(JsonProblem::pointer)
                .containsExactly("/rules/1/action_text", "/rules/1/condition_text", "/rules/1/lane", "/start");
    }
}
