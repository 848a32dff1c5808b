package dev.keel.eval;

import static dev.keel.test.core.CoreAssertions.assertThatJson;
import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.json.JsonCodec;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The conformance corpora of the modules, answered through {@code keel eval}: the evidence cases generated from the
 * TypeScript reference ({@code evidence/conformance/}), the committee cases of the independent Python reference
 * ({@code committee/conformance/reference.py}), and the rule, policy lint, streaming filter and tool gate cases written by hand from
 * {@code docs/rules.md}, {@code docs/policy.md} and {@code docs/reading.md}. The corpora live with their modules, whose own tests run them
 * through the Java API; here each answer must be the expected JSON (numbers by value), or, where the reference
 * refuses the input, an error with the expected code ({@code invalid_input} unless the case names one) whose message
 * starts with the offending JSON pointer.
 */
class ConformanceTest {

    private static final JsonCodec CODEC = JsonCodec.strict();
    private static final EvalRunner RUNNER = EvalRunner.create(EvalOpRegistry.standard());
    private static final List<String> CORPORA = List.of("evidence/discovery-plan.jsonl", "evidence/evidence-gate.jsonl",
            "committee/committee-score.jsonl", "committee/pert.jsonl", "rules/rules.jsonl", "policy/policy-lint.jsonl",
            "reading/filter-stream.jsonl", "policy/tool-gate.jsonl");

    record Case(String id, String op, Map<String, Object> input, Object expected, String expectedError) {
        @Override
        public String toString() {
            return id;
        }
    }

    static Stream<Case> cases() {
        return CORPORA.stream().flatMap(name -> load(name).stream());
    }

    @Test
    void everyCorpusIsHereInFull() {
        assertThat(load("evidence/discovery-plan.jsonl").size() + load("evidence/evidence-gate.jsonl").size())
                .isEqualTo(1_739);
        assertThat(load("committee/committee-score.jsonl").size() + load("committee/pert.jsonl").size())
                .isGreaterThanOrEqualTo(900);
        assertThat(cases()).extracting(Case::op).contains("discovery_plan", "evidence_gate", "committee_score", "pert",
                "rules_select", "navigate", "enforce", "policy_lint", "filter_stream", "tool_gate");
    }

    @Test
    void theRuleCasesCoverEveryOpAndOutcome() {
        List<Case> cases = load("rules/rules.jsonl");
        assertThat(cases).extracting(Case::id).doesNotHaveDuplicates();
        for (String action : List.of("enter", "none", "advance", "stay", "switch")) {
            assertThat(cases).as(action).anyMatch(c -> c.expected() instanceof Map<?, ?> m && action.equals(m.get("action")));
        }
        for (String verdict : List.of("pass", "violation")) {
            assertThat(cases).as(verdict).anyMatch(c -> c.expected() instanceof Map<?, ?> m && verdict.equals(m.get("verdict")));
        }
        for (String op : List.of("rules_select", "navigate", "enforce")) {
            assertThat(cases).as(op).anyMatch(c -> op.equals(c.op()) && c.expectedError() != null)
                    .anyMatch(c -> op.equals(c.op()) && c.expected() != null);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void theOpAnswersAsTheCaseSays(Case c) {
        Map<String, Object> request = new LinkedHashMap<>();
        request.put("op", c.op());
        request.put("input", c.input());
        Map<String, Object> answer = CODEC.parseObject(RUNNER.answer(CODEC.write(request)));
        if (c.expectedError() != null) {
            assertThat(answer).containsOnlyKeys("error");
            assertThat(((Map<?, ?>) answer.get("error")).get("code")).as("%s", answer).isEqualTo(c.expectedError());
            assertThat((String) ((Map<?, ?>) answer.get("error")).get("message")).startsWith("/");
            return;
        }
        assertThat(answer).as("%s", answer).doesNotContainKey("error");
        assertThatJson(answer).isSameJsonAs(c.expected());
    }

    /** The cases of one corpus; a refusal without a code (the evidence reference only throws) is invalid_input. */
    @SuppressWarnings("unchecked")
    static List<Case> load(String name) {
        List<Case> cases = new ArrayList<>();
        try (InputStream in = Objects.requireNonNull(ConformanceTest.class.getResourceAsStream("/conformance/" + name), name);
                BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            reader.lines().forEach(text -> {
                Map<String, Object> line = CODEC.parseObject(text);
                Map<String, Object> error = (Map<String, Object>) line.get("expected_error");
                cases.add(new Case(name + ":" + line.get("id"), (String) line.get("op"),
                        (Map<String, Object>) line.get("input"), line.get("expected"),
                        error == null ? null : (String) error.getOrDefault("code", "invalid_input")));
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return cases;
    }
}
