package dev.keel.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.json.JsonCodec;
import dev.keel.policy.loader.PolicyFiles;
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
 * The policy lint: the conformance cases of {@code policy_lint} ({@code conformance/policy-lint.jsonl}, answered
 * through {@code keel eval} by the eval module) answered here through the Java API, and the lint of whole policies.
 */
class PolicyLintTest {

    private static final JsonCodec CODEC = JsonCodec.strict();

    record Case(String id, Map<String, Object> input, Object expected, String expectedError) {
        @Override
        public String toString() {
            return id;
        }
    }

    /** The cases about the policy itself; those about the shape of an eval line are the op's alone. */
    static Stream<Case> cases() {
        return load().stream().filter(c -> !"invalid_input".equals(c.expectedError()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void theLintAnswersAsTheCaseSays(Case c) {
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
        List<Case> cases = load();
        assertThat(cases).extracting(Case::id).doesNotHaveDuplicates();
        String all = CODEC.write(cases.stream().map(Case::expected).filter(Objects::nonNull).toList());
        for (String code : List.of(PolicyFinding.PHRASE_EMPTY, PolicyFinding.PHRASE_IN_TWO_DOMAINS,
                PolicyFinding.MARKING_OUTSIDE_DOMAIN, PolicyFinding.DOMAIN_OUTSIDE_MARKING,
                PolicyFinding.MARKING_WITHOUT_DOMAIN, PolicyFinding.TOOL_CLEARANCE_UNREACHABLE)) {
            assertThat(all).as(code).contains("\"" + code + "\"");
        }
        assertThat(cases).extracting(Case::expectedError).contains("invalid_input", "invalid_policy");
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

    @SuppressWarnings("unchecked")
    static List<Case> load() {
        List<Case> cases = new ArrayList<>();
        try (InputStream in = Objects.requireNonNull(PolicyLintTest.class.getResourceAsStream(
                "/conformance/policy-lint.jsonl"), "policy-lint.jsonl");
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
