package dev.keel.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.json.JsonCodec;
import dev.keel.core.json.JsonProblem;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RuleFormatTest {

    private static final String RULE = "\"id\": \"r\", \"condition_text\": \"c\", \"action_text\": \"a\", ";

    @Test
    void theSchemaAndTheRecordDeclareTheSameMembers() {
        assertThat(RuleFormat.mismatches()).isEmpty();
    }

    @Test
    @SuppressWarnings("unchecked")
    void theSchemaSpellsIdsAndVariablesAsRuleDoes() {
        Map<String, Object> schema = JsonCodec.strict().parseObject(resource(RuleFormat.SCHEMA));
        Map<String, Object> defs = (Map<String, Object>) schema.get("$defs");

        assertThat(((Map<String, Object>) defs.get("id")).get("pattern")).isEqualTo("^" + Rule.ID_PATTERN + "$");
        assertThat(((Map<String, Object>) defs.get("variable")).get("pattern"))
                .isEqualTo("^" + Rule.VARIABLE_PATTERN + "$");
    }

    /** Each rule the schema states in words is reported at the member it is about, in those words. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "global rule with a scenario | \"scope\": \"global\", \"scenario\": \"s\", \"lane\": \"subjective\" | /0/scenario: a global rule names no scenario",
        "scenario rule, no scenario  | \"scope\": \"scenario\", \"lane\": \"subjective\" | /0/scenario: a scenario rule names its scenario",
        "step rule, no scenario      | \"scope\": \"step\", \"step\": \"t\", \"lane\": \"subjective\" | /0/scenario: a step rule names its scenario",
        "step rule, no step          | \"scope\": \"step\", \"scenario\": \"s\", \"lane\": \"subjective\" | /0/step: a step rule names its step",
        "scenario rule with a step   | \"scope\": \"scenario\", \"scenario\": \"s\", \"step\": \"t\", \"lane\": \"subjective\" | /0/step: only a step rule names a step",
        "hard outside global         | \"scope\": \"scenario\", \"scenario\": \"s\", \"hard\": true, \"lane\": \"subjective\" | /0/hard: only a global rule may be hard: a hard rule is checked on every turn, wherever the conversation is",
        "subjective with expression  | \"scope\": \"global\", \"lane\": \"subjective\", \"enforcement_expression\": \"x > 0\" | /0/enforcement_expression: a subjective rule is judged, not computed: only a deterministic rule has an enforcement_expression",
        "subjective with pattern     | \"scope\": \"global\", \"lane\": \"subjective\", \"forbid_pattern\": \"x\" | /0/forbid_pattern: a subjective rule is judged, not computed: only a deterministic rule has a forbid_pattern",
        "subjective with extract     | \"scope\": \"global\", \"lane\": \"subjective\", \"extract\": {} | /0/extract: a subjective rule is judged, not computed: only a deterministic rule has variables to extract",
        "deterministic, no check     | \"scope\": \"global\", \"lane\": \"deterministic\" | /0: a deterministic rule has either an enforcement_expression or a forbid_pattern",
        "deterministic, both         | \"scope\": \"global\", \"lane\": \"deterministic\", \"enforcement_expression\": \"x > 0\", \"forbid_pattern\": \"x\" | /0: a deterministic rule has either an enforcement_expression or a forbid_pattern, not both",
        "pattern with extract        | \"scope\": \"global\", \"lane\": \"deterministic\", \"forbid_pattern\": \"x\", \"extract\": {} | /0/extract: extract binds variables of an enforcement_expression; this rule has a forbid_pattern",
        "pattern with on_missing     | \"scope\": \"global\", \"lane\": \"deterministic\", \"forbid_pattern\": \"x\", \"on_missing\": \"skip\" | /0/on_missing: on_missing is about the variables of an enforcement_expression; this rule has a forbid_pattern",
        "graph field                 | \"scope\": \"global\", \"lane\": \"subjective\", \"depends_on\": [\"b\"] | /0/depends_on: is a graph field, and rules are a flat list: write where a rule applies with its scope, and which of two rules wins with priority and group",
        "reserved variable name      | \"scope\": \"global\", \"lane\": \"deterministic\", \"enforcement_expression\": \"x > 0\", \"extract\": {\"in\": {\"pattern\": \"([0-9]+)\", \"type\": \"number\"}} | /0/extract/in: a variable name is a CEL identifier (a letter or '_', then letters, digits or '_') that is not a reserved word",
        "extract without a group     | \"scope\": \"global\", \"lane\": \"deterministic\", \"enforcement_expression\": \"x > 0\", \"extract\": {\"x\": {\"pattern\": \"[0-9]+\", \"type\": \"number\"}} | /0/extract/x/pattern: must have exactly one capturing group (the value), found 0",
        "forbidden back-reference    | \"scope\": \"global\", \"lane\": \"deterministic\", \"forbid_pattern\": \"(a)\\\\1\" | /0/forbid_pattern: uses a back-reference",
        "blank action                | \"scope\": \"global\", \"lane\": \"subjective\", \"action_text\": \" \" | /0/action_text: must be a non-blank string, found ' '",
        "unknown member              | \"scope\": \"global\", \"lane\": \"subjective\", \"weight\": 2 | /0/weight: unknown key; expected one of",
        "expression not compiling    | \"scope\": \"global\", \"lane\": \"deterministic\", \"enforcement_expression\": \"x <=\" | /0/enforcement_expression: is not a valid CEL expression",
        "extracted, never read       | \"scope\": \"global\", \"lane\": \"deterministic\", \"enforcement_expression\": \"x > 0\", \"extract\": {\"y\": {\"pattern\": \"([0-9]+)\", \"type\": \"number\"}} | /0/extract/y: the expression does not read 'y'",
    })
    void aBrokenRuleIsNamedAtItsMemberInWords(String name, String members, String problem) {
        String json = "[{" + RULE.replace("\"action_text\": \"a\", ", members.contains("action_text") ? ""
                : "\"action_text\": \"a\", ") + members + "}]";

        assertThatThrownBy(() -> RuleSet.fromJson(json)).isInstanceOf(InvalidRulesException.class)
                .satisfies(e -> assertThat(((InvalidRulesException) e).problems()).extracting(Object::toString)
                        .singleElement().asString().startsWith(problem));
    }

    @Test
    void rulesAloneKeepThoseWithoutAProblemAndNameTheRepeatedId() {
        RuleFormat.ReadRules read = RuleFormat.readRules(JsonCodec.strict().parse("[{" + RULE
                + "\"scope\": \"scenario\", \"scenario\": \"refund\", \"lane\": \"subjective\"}, {" + RULE
                + "\"scope\": \"global\", \"lane\": \"subjective\"}, {\"id\": \"broken\"}, {" + RULE.replace("\"r\"",
                "\"s\"") + "\"scope\": \"global\", \"lane\": \"deterministic\", \"enforcement_expression\": \"1\"}]"),
                "/lines/3");

        assertThat(read.rules()).extracting(Rule::id).as("a rule's scenario is a book's to resolve").containsExactly("r");
        assertThat(read.problems()).as("the schema's first, then those found as the rules are built")
                .extracting(JsonProblem::pointer).containsExactly("/lines/3/2/action_text", "/lines/3/2/condition_text",
                        "/lines/3/2/lane", "/lines/3/2/scope", "/lines/3/1/id", "/lines/3/3/enforcement_expression");
        assertThat(read.problems().get(4).message()).isEqualTo("another rule has the id 'r'");
        assertThat(RuleFormat.readRules(null, "/rules").problems()).extracting(Object::toString)
                .containsExactly("/rules: must be an array, found null");
    }

    @Test
    void pastTheProblemsListedTheRestAreCountedAtTheArray() {
        List<Object> broken = new ArrayList<>();
        for (int i = 0; i < 150; i++) {
            broken.add(Map.of("id", "r" + i));
        }

        RuleFormat.ReadRules read = RuleFormat.readRules(broken, "/rules");

        assertThat(read.rules()).isEmpty();
        assertThat(read.problems()).hasSize(101).last().asString().startsWith("/rules: and ");
    }

    @Test
    void aNullBookOrListIsNamedAsNotAnObjectOrArray() {
        assertThatThrownBy(() -> RuleBook.fromJson("null")).isInstanceOf(InvalidRulesException.class)
                .hasMessage("invalid rule book: /: must be an object, found null");
        assertThatThrownBy(() -> RuleSet.fromJson("null")).isInstanceOf(InvalidRulesException.class)
                .hasMessage("invalid rules: /: must be an array, found null");
    }

    @Test
    void aBookBuiltInCodeIsCheckedByTheSameSchema() {
        Scenario scenario = new Scenario("has space", "", List.of(), List.of(new Step("only", "", List.of())),
                List.of(), List.of(new Transition("in", CandidateKind.SCENARIO_ENTRY, "has space", null, "only",
                        List.of("hello"))));

        assertThatThrownBy(() -> RuleBook.of(RuleSet.empty(), List.of(scenario), List.of()))
                .isInstanceOf(InvalidRulesException.class)
                .hasMessageContaining("/scenarios/0/id: must be 1 to 100 letters, digits, '_', '.' or '-', found "
                        + "'has space'");
        assertThatThrownBy(() -> RuleBook.of(RuleSet.empty(), List.of(), List.of(entity("a"), entity("a"))))
                .isInstanceOf(InvalidRulesException.class)
                .hasMessageContaining("/entities/1/name: another entity has the name 'a'");
        assertThatThrownBy(() -> EntityDeclaration.of("1st", "([0-9]+)", EntityDeclaration.Type.NUMBER,
                EntityDeclaration.Store.SESSION)).hasMessage("entity: /name: must be a variable name (a letter or "
                        + "'_', then letters, digits or '_'), found '1st'");
    }

    private static EntityDeclaration entity(String name) {
        return EntityDeclaration.of(name, "([0-9]+)", EntityDeclaration.Type.NUMBER, EntityDeclaration.Store.SESSION);
    }

    /**
     * Rules of every shape, built in code, written and read back: the same rules, and written as the format writes
     * the record they bind to.
     */
    @Test
    void generatedRulesRoundTripThroughTheFormat() {
        long seed = new Random().nextLong();
        Random random = new Random(seed);
        for (int n = 0; n < 100; n++) {
            List<Rule> rules = new ArrayList<>();
            int count = 1 + random.nextInt(4);
            for (int i = 0; i < count; i++) {
                rules.add(rule("r" + i, random));
            }
            RuleSet set = RuleSet.of(rules);

            List<Object> wire = set.toWire();
            RuleSet read = RuleSet.fromTree(JsonCodec.strict().parse(JsonCodec.strict().write(wire)));

            assertThat(read.rules()).as("seed %d, case %d", seed, n).containsExactlyElementsOf(rules);
            assertThat(read.toWire()).as("seed %d, case %d", seed, n).isEqualTo(wire);
            assertThat(wire.get(0)).as("seed %d, case %d", seed, n).isEqualTo(rules.get(0).toWire());
        }
    }

    private static Rule rule(String id, Random random) {
        Rule.Builder rule = Rule.builder(id).conditionText("when " + id + " applies").actionText("do " + id)
                .priority(random.nextInt(201) - 100);
        switch (random.nextInt(3)) {
            case 0 -> rule.scope(RuleScope.global()).hard(random.nextBoolean());
            case 1 -> rule.scope(RuleScope.scenario("s" + random.nextInt(3)));
            default -> rule.scope(RuleScope.step("s" + random.nextInt(3), "t" + random.nextInt(3)));
        }
        if (random.nextBoolean()) {
            rule.group("g" + random.nextInt(3));
        }
        switch (random.nextInt(3)) {
            case 0 -> rule.lane(Lane.SUBJECTIVE);
            case 1 -> rule.forbidPattern("(?i)\\bword" + random.nextInt(10) + "\\b");
            default -> {
                rule.enforcementExpression("amount <= " + random.nextInt(100));
                if (random.nextBoolean()) {
                    rule.extract("amount", Extraction.number("amount ([0-9]+)"));
                }
                if (random.nextBoolean()) {
                    rule.onMissing(random.nextBoolean() ? OnMissing.SKIP : OnMissing.VIOLATION);
                }
            }
        }
        for (int t = random.nextInt(3); t > 0; t--) {
            rule.tool("tool_" + t);
        }
        return rule.risky(random.nextBoolean()).build();
    }

    private static String resource(String name) {
        try (InputStream in = RuleFormatTest.class.getClassLoader().getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
