package dev.keel.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.json.JsonCodec;
import dev.keel.policy.loader.PolicyFiles;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The policy lint: the conformance cases of {@code policy_lint} ({@code conformance/policy-lint.jsonl}, answered
 * through {@code keel eval} by the eval module) answered here through the Java API, and the lint of whole policies.
 */
class PolicyLintTest {

    private static final JsonCodec CODEC = JsonCodec.strict();

    static Stream<ConformanceCase> cases() {
        return ConformanceCase.ofTheApi("policy-lint.jsonl");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void theLintAnswersAsTheCaseSays(ConformanceCase c) {
        if (c.expectedError() != null) {
            assertThatThrownBy(() -> PolicyDocument.fromTree(c.input().get("policy")))
                    .isInstanceOf(PolicyValidationException.class);
            return;
        }
        List<PolicyFinding> findings = PolicyLint.findings(PolicyDocument.fromTree(c.input().get("policy")));

        assertThat(findings).isSorted();
        assertThat(CODEC.parse(CODEC.write(Map.of("findings", findings.stream().map(PolicyFinding::toWire).toList()))))
                .isEqualTo(c.expected());
    }

    @Test
    void theCasesCoverEveryFindingAndBothKindsOfError() {
        List<ConformanceCase> cases = ConformanceCase.load("policy-lint.jsonl");
        assertThat(cases).extracting(ConformanceCase::id).doesNotHaveDuplicates();
        String all = CODEC.write(cases.stream().map(ConformanceCase::expected).filter(Objects::nonNull).toList());
        for (String code : List.of(PolicyFinding.PHRASE_EMPTY, PolicyFinding.PHRASE_IN_TWO_DOMAINS,
                PolicyFinding.MARKING_OUTSIDE_DOMAIN, PolicyFinding.DOMAIN_OUTSIDE_MARKING,
                PolicyFinding.MARKING_WITHOUT_DOMAIN, PolicyFinding.TOOL_CLEARANCE_UNREACHABLE)) {
            assertThat(all).as(code).contains("\"" + code + "\"");
        }
        assertThat(cases).extracting(ConformanceCase::expectedError).contains("invalid_input", "invalid_policy");
    }

    @Test
    void theBrightWaterPolicyOfTheIssueIsFound() {
        PolicyDocument lawFirm = PolicyFiles.readPolicyResource(PolicyLintTest.class.getClassLoader(),
                "dev/keel/policy/law_firm_policy.json");

        assertThat(PolicyLint.findings(lawFirm)).extracting(PolicyFinding::code, PolicyFinding::pointer)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(PolicyFinding.MARKING_OUTSIDE_DOMAIN,
                        "/sensitivity/markings/0/phrases/0"));
    }

    @Test
    void theMarpPolicyHasNoFinding() {
        assertThat(PolicyLint.findings(MarpFixtures.policy())).isEmpty();
    }

    @Test
    void aMarkingTiedToItsDomainWritesBackAndIsOnlyANameOfThatForm() {
        Map<String, Object> tree = new LinkedHashMap<>(MarpFixtures.policy().toTree());
        tree.put("sensitivity", Map.of("markings", List.of(Map.of("id", "ts", "phrases", List.of("TS"),
                "domain", "capability_planning"))));

        PolicyDocument tied = PolicyDocument.fromTree(tree);

        assertThat(tied.sensitivity().markings().get(0).domain()).isEqualTo("capability_planning");
        assertThat(PolicyDocument.fromTree(tied.toTree())).isEqualTo(tied);
        tree.put("sensitivity", Map.of("markings", List.of(Map.of("id", "ts", "phrases", List.of("TS"),
                "domain", "Capability Planning"))));
        assertThatThrownBy(() -> PolicyDocument.fromTree(tree)).isInstanceOf(PolicyValidationException.class)
                .hasMessageContaining("/sensitivity/markings/0/domain: must be lower-case ASCII letters");
    }
}
