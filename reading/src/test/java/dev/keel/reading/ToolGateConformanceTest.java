package dev.keel.reading;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.Principal;
import dev.keel.core.content.Part;
import dev.keel.core.json.JsonCodec;
import dev.keel.policy.ConformanceCase;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.PolicyEvaluator;
import dev.keel.policy.PolicyValidationException;
import dev.keel.policy.ToolCallVerdict;
import dev.keel.policy.ToolGate;
import dev.keel.policy.ToolTurn;
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

    static Stream<ConformanceCase> cases() {
        return ConformanceCase.ofTheApi("tool-gate.jsonl");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    @SuppressWarnings("unchecked")
    void theGateAnswersAsTheCaseSays(ConformanceCase c) {
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

        ToolCallVerdict verdict = ToolGate.create(policy, OutboundFilter.create(policy)).check(turn,
                Part.ToolCall.of("case", (String) c.input().get("tool"), arguments));

        assertThat(CODEC.parse(CODEC.write(verdict.toWire()))).isEqualTo(c.expected());
    }

    @Test
    void theCasesCoverEveryReasonCodeAndBothKindsOfError() {
        List<ConformanceCase> cases = ConformanceCase.load("tool-gate.jsonl");
        assertThat(cases).extracting(ConformanceCase::id).doesNotHaveDuplicates();
        String all = CODEC.write(cases.stream().map(ConformanceCase::expected).filter(Objects::nonNull).toList());
        for (String code : List.of(ToolCallVerdict.ALLOWED, ToolCallVerdict.PRINCIPAL_MISSING, ToolCallVerdict.UNKNOWN,
                ToolCallVerdict.ROLE_NOT_ALLOWED, ToolCallVerdict.CLEARANCE_NOT_ALLOWED,
                ToolCallVerdict.EXTERNAL_INTERNAL_ONLY, ToolCallVerdict.TURN_DENIED,
                ToolCallVerdict.ARGUMENTS_WITHHELD)) {
            assertThat(all).as(code).contains("\"" + code + "\"");
        }
        assertThat(cases).extracting(ConformanceCase::expectedError).contains("invalid_input", "invalid_policy");
    }
}
