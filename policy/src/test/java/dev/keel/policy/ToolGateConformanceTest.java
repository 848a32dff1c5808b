package dev.keel.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.Principal;
import dev.keel.core.content.Part;
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
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The conformance cases of {@code tool_gate} ({@code conformance/tool-gate.jsonl}, answered through {@code keel eval}
 * by the eval module) answered here through the Java API, as the op reads them: the turn requests no domain.
 */
class ToolGateConformanceTest {

    private static final JsonCodec CODEC = JsonCodec.strict();

    record Case(String id, Map<String, Object> input, Object expected, String expectedError) {
        @Override
        public String toString() {
            return id;
        }
    }

    /** The cases about the policy and the gate; those about the shape of an eval line are the op's alone. */
    static Stream<Case> cases() {
        return load().stream().filter(c -> !"invalid_input".equals(c.expectedError()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    @SuppressWarnings("unchecked")
    void theGateAnswersAsTheCaseSays(Case c) {
        if (c.expectedError() != null) {
            assertThatThrownBy(() -> PolicyDocument.fromTree(c.input().get("policy")))
                    .isInstanceOf(PolicyValidationException.class);
            return;
        }
        PolicyDocument policy = PolicyDocument.fromTree(c.input().get("policy"));
        Map<String, Object> given = (Map<String, Object>) c.input().get("principal");
        Principal principal = given == null ? null
                : Principal.of((String) given.get("role"), (String) given.get("clearance"));
        ToolTurn turn = new ToolTurn(principal, PolicyEvaluator.create(policy).evaluate(principal, List.of()),
                List.of(), Boolean.TRUE.equals(c.input().get("internal_only")));
        Map<String, Object> arguments = (Map<String, Object>) c.input().getOrDefault("arguments", Map.of());

        ToolCallVerdict verdict = ToolGate.create(policy).check(turn,
                Part.ToolCall.of("case", (String) c.input().get("tool"), arguments));

        assertThat(CODEC.parse(CODEC.write(verdict.toWire()))).isEqualTo(c.expected());
    }

    @Test
    void theCasesCoverEveryReasonCodeAndBothKindsOfError() {
        List<Case> cases = load();
        assertThat(cases).extracting(Case::id).doesNotHaveDuplicates();
        String all = CODEC.write(cases.stream().map(Case::expected).filter(Objects::nonNull).toList());
        for (String code : List.of(ToolCallVerdict.ALLOWED, ToolCallVerdict.PRINCIPAL_MISSING, ToolCallVerdict.UNKNOWN,
                ToolCallVerdict.ROLE_NOT_ALLOWED, ToolCallVerdict.CLEARANCE_NOT_ALLOWED,
                ToolCallVerdict.EXTERNAL_INTERNAL_ONLY, ToolCallVerdict.TURN_DENIED,
                ToolCallVerdict.ARGUMENTS_WITHHELD)) {
            assertThat(all).as(code).contains("\"" + code + "\"");
        }
        assertThat(cases).extracting(Case::expectedError).contains("invalid_input", "invalid_policy");
    }

    @SuppressWarnings("unchecked")
    static List<Case> load() {
        List<Case> cases = new ArrayList<>();
        try (InputStream in = Objects.requireNonNull(ToolGateConformanceTest.class.getResourceAsStream(
                "/conformance/tool-gate.jsonl"), "tool-gate.jsonl");
                BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            reader.lines().forEach(text -> {
                Map<String, Object> line = CODEC.parseObject(text);
                Map<String, Object> error = (Map<String, Object>) line.get("expected_error");
                cases.add(new Case((String) line.get("id"), (Map<String, Object>) line.get("input"),
                        line.get("expected"), error == null ? null : (String) error.get("code")));
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return cases;
    }
}
