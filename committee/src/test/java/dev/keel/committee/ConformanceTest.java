package dev.keel.committee;

import static dev.keel.test.core.CoreAssertions.assertThatJson;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.InvalidInputException;
import dev.keel.core.json.JsonCodec;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every case of the corpus written by the independent reference ({@code committee/conformance/reference.py}, exact
 * fractions), through the Java API: identical JSON, numbers compared by value; where the reference refuses the input,
 * Keel refuses it with {@code invalid_input} naming a JSON pointer. The eval module answers the same corpus through
 * the {@code keel eval} ops.
 */
class ConformanceTest {

    private static final JsonCodec CODEC = JsonCodec.strict();

    record Case(String id, String op, Map<String, Object> input, Object expected, boolean refused) {
        @Override
        public String toString() {
            return id;
        }
    }

    static Stream<Case> scoreCases() {
        return load("committee-score.jsonl").stream();
    }

    static Stream<Case> pertCases() {
        return load("pert.jsonl").stream();
    }

    @Test
    void theCorpusCoversEveryOutcome() {
        List<Case> scores = load("committee-score.jsonl");
        List<Case> perts = load("pert.jsonl");
        assertThat(scores.size() + perts.size()).isGreaterThanOrEqualTo(900);
        for (String action : List.of("ship", "ask_user")) {
            assertThat(scores).anyMatch(c -> !c.refused() && action.equals(((Map<?, ?>) c.expected()).get("action")));
        }
        for (String status : List.of("VALID", "QUARANTINE", "DISCARD")) {
            assertThat(scores).anyMatch(c -> !c.refused() && CODEC.write(c.expected()).contains("\"" + status + "\""));
        }
        assertThat(scores).anyMatch(Case::refused);
        assertThat(perts).anyMatch(Case::refused);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scoreCases")
    void committeeScoreMatchesTheReference(Case c) {
        check(c, () -> CommitteeScore.fromWire(c.input()).toWire());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pertCases")
    void pertMatchesTheReference(Case c) {
        check(c, () -> PertEstimate.fromWire(c.input()).toWire());
    }

    private static void check(Case c, Supplier<Map<String, Object>> javaApi) {
        if (c.refused()) {
            assertThatThrownBy(javaApi::get).isInstanceOf(InvalidInputException.class)
                    .satisfies(e -> assertThat(((InvalidInputException) e).code()).isEqualTo("invalid_input"))
                    .hasMessageStartingWith("/");
            return;
        }
        assertThatJson(CODEC.parse(CODEC.write(javaApi.get()))).isSameJsonAs(c.expected());
    }

    @SuppressWarnings("unchecked")
    static List<Case> load(String name) {
        List<Case> cases = new ArrayList<>();
        try (InputStream in = Objects.requireNonNull(ConformanceTest.class.getResourceAsStream("/conformance/" + name), name);
                BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            reader.lines().forEach(text -> {
                Map<String, Object> line = CODEC.parseObject(text);
                cases.add(new Case((String) line.get("id"), (String) line.get("op"), (Map<String, Object>) line.get("input"),
                        line.get("expected"), line.containsKey("expected_error")));
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return cases;
    }
}
