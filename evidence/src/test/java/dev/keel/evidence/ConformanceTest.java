package dev.keel.evidence;

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
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every case of the corpus generated from the TypeScript reference implementation, run through the Java API: the JSON
 * must be identical (parsed trees compared, numbers by value), and where the reference throws, Keel must refuse the
 * input with {@code invalid_input} naming a JSON pointer. The eval module answers the same corpus through the
 * {@code keel eval} ops.
 */
class ConformanceTest {

    private static final JsonCodec CODEC = JsonCodec.strict();

    record Case(String id, String op, Map<String, Object> input, Object expected, Map<String, Object> expectedError) {
        @Override
        public String toString() {
            return id;
        }
    }

    static Stream<Case> planCases() {
        return load("discovery-plan.jsonl").stream();
    }

    static Stream<Case> gateCases() {
        return load("evidence-gate.jsonl").stream();
    }

    @Test
    void theCorpusIsLargeAndCoversEveryOutcome() {
        List<Case> plans = load("discovery-plan.jsonl");
        List<Case> gates = load("evidence-gate.jsonl");
        assertThat(plans.size() + gates.size()).isGreaterThanOrEqualTo(1_000);
        for (String status : List.of("allowed", "needs_clarification", "blocked")) {
            assertThat(plans).anyMatch(c -> c.expected() != null && status.equals(field(c.expected(), "plan_status")));
        }
        for (String status : List.of("confirmed", "inferred_only", "insufficient", "blocked")) {
            assertThat(gates).anyMatch(c -> c.expected() != null && status.equals(field(c.expected(), "evidence_status")));
        }
        assertThat(plans).anyMatch(c -> c.expectedError() != null);
        assertThat(gates).anyMatch(c -> c.expectedError() != null);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("planCases")
    void discoveryPlanMatchesTheReference(Case c) {
        check(c, () -> DiscoveryPlanBuilder.create().build(DiscoveryPlanInput.fromWire(c.input())).toWire());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("gateCases")
    void evidenceGateMatchesTheReference(Case c) {
        check(c, () -> EvidenceGate.create().resolve(EvidenceGateInput.fromWire(c.input())).toWire());
    }

    private static void check(Case c, java.util.function.Supplier<Map<String, Object>> javaApi) {
        if (c.expectedError() != null) {
            assertThatThrownBy(javaApi::get).as("the reference throws %s", c.expectedError())
                    .isInstanceOf(InvalidInputException.class)
                    .satisfies(e -> assertThat(((InvalidInputException) e).code()).isEqualTo("invalid_input"))
                    .hasMessageStartingWith("/");
            return;
        }
        Object api = CODEC.parse(CODEC.write(javaApi.get()));
        assertThatJson(api).isSameJsonAs(c.expected());
    }

    private static Object field(Object object, String key) {
        return ((Map<?, ?>) object).get(key);
    }

    @SuppressWarnings("unchecked")
    static List<Case> load(String name) {
        List<Case> cases = new ArrayList<>();
        try (InputStream in = Objects.requireNonNull(ConformanceTest.class.getResourceAsStream("/conformance/" + name), name);
                BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (Iterator<String> lines = reader.lines().iterator(); lines.hasNext(); ) {
                Map<String, Object> line = CODEC.parseObject(lines.next());
                cases.add(new Case((String) line.get("id"), (String) line.get("op"), (Map<String, Object>) line.get("input"),
                        line.get("expected"), (Map<String, Object>) line.get("expected_error")));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return cases;
    }
}
