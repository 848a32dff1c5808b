package dev.keel.rules;

import static dev.keel.test.core.CoreAssertions.assertThatJson;
import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.eval.EvalOpRegistry;
import dev.keel.core.eval.EvalRunner;
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
 * The conformance cases of {@code rules_select}, {@code navigate} and {@code enforce}, written by hand from the
 * semantics in {@code docs/rules.md} (not by running this implementation), run through {@code keel eval}: each
 * answer must be the expected JSON (numbers by value), or the expected error code.
 */
class ConformanceTest {

    private static final JsonCodec CODEC = JsonCodec.strict();
    private static final EvalRunner RUNNER = EvalRunner.create(EvalOpRegistry.discover());

    record Case(String id, String op, Map<String, Object> input, Object expected, String expectedError) {
        @Override
        public String toString() {
            return id;
        }
    }

    static Stream<Case> cases() {
        return load().stream();
    }

    @Test
    void theCasesCoverEveryOpAndOutcome() {
        List<Case> cases = load();
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

    @SuppressWarnings("unchecked")
    static List<Case> load() {
        List<Case> cases = new ArrayList<>();
        try (InputStream in = Objects.requireNonNull(ConformanceTest.class.getResourceAsStream("/conformance/rules.jsonl"));
                BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            reader.lines().forEach(text -> {
                Map<String, Object> line = CODEC.parseObject(text);
                Map<String, Object> error = (Map<String, Object>) line.get("expected_error");
                cases.add(new Case((String) line.get("id"), (String) line.get("op"),
                        (Map<String, Object>) line.get("input"), line.get("expected"),
                        error == null ? null : (String) error.get("code")));
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return cases;
    }
}
