package dev.keel.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.Decision;
import dev.keel.core.InvalidPolicyException;
import dev.keel.core.WireFormatException;
import dev.keel.core.json.JsonCodec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class PolicyDocumentTest {

    @Test
    void readsTheMarpPolicy() {
        PolicyDocument policy = MarpFixtures.policy();

        assertThat(policy.policyId()).isEqualTo("marp-fleet-transition");
        assertThat(policy.version()).isEqualTo("1");
        assertThat(policy.roles()).containsOnlyKeys("planner", "auditor", "guest");
        assertThat(policy.roles().get("planner")).isEqualTo(new RolePolicy(List.of("secret", "top_secret"),
                List.of("capability_planning", "transition_calendars", "budget_envelopes"), Decision.ALLOW));
        assertThat(policy.role("Guest")).map(RolePolicy::defaultDecision).contains(Decision.PARTIAL);
        assertThat(policy.restrictions()).extracting(QualitativeRestriction::id)
                .containsExactly("no_unit_level_ids", "no_vendor_breakdowns");
        assertThat(policy.domainRules()).hasSize(4);
        assertThat(policy.domainRules().get(0).maxGap()).isEqualTo(3);
        assertThat(policy.domainRules().get(3).fallback()).isTrue();
    }

    @Test
    void theArchitectureExampleIsAValidDocument() {
        PolicyDocument policy = PolicyDocument.parse("{ \"policy_id\": \"marp-fleet-transition\", \"version\": \"1\","
                + " \"roles\": { \"planner\": { \"allowed_clearances\": [\"secret\", \"top_secret\"],"
                + " \"allowed_domains\": [\"capability_planning\", \"transition_calendars\", \"budget_envelopes\"],"
                + " \"default_decision\": \"ALLOW\" } } }");

        assertThat(policy.restrictions()).isEmpty();
        assertThat(policy.domainRules()).isEmpty();
        assertThat(policy.description()).isEmpty();
    }

    @Test
    void theTreeFormRoundTrips() {
        PolicyDocument policy = MarpFixtures.policy();

        PolicyDocument again = PolicyDocument.parse(JsonCodec.strict().write(policy.toTree()));

        assertThat(again).isEqualTo(policy);
        assertThat(again.toTree()).isEqualTo(policy.toTree());
    }

    @Test
    void malformedJsonIsAWireFormatError() {
        assertThatThrownBy(() -> PolicyDocument.parse("{\"policy_id\": "))
                .isInstanceOf(WireFormatException.class);
    }

    @Test
    void aDocumentThatIsNotAnObjectIsRejected() {
        assertThatThrownBy(() -> PolicyDocument.parse("[1]"))
                .isInstanceOf(PolicyValidationException.class)
                .hasMessage("invalid policy document: /: must be an object, found an array");
        assertThatThrownBy(() -> PolicyDocument.parse("null"))
                .isInstanceOf(PolicyValidationException.class)
                .hasMessage("invalid policy document: /: must be an object, found null");
    }

    /** A valid document, as a mutable tree, for the cases below to break one field of. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> validTree() {
        return (Map<String, Object>) deepCopy(JsonCodec.strict().parse(MarpFixtures.policyJson()));
    }

    @SuppressWarnings("unchecked")
    private static Object deepCopy(Object value) {
        if (value instanceof Map) {
            Map<String, Object> copy = new LinkedHashMap<>();
            ((Map<String, Object>) value).forEach((k, v) -> copy.put(k, deepCopy(v)));
            return copy;
        }
        if (value instanceof List) {
            return new java.util.ArrayList<>(((List<Object>) value).stream().map(PolicyDocumentTest::deepCopy).toList());
        }
        return value;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> at(Map<String, Object> tree, String... path) {
        Object node = tree;
        for (String key : path) {
            node = node instanceof List ? ((List<Object>) node).get(Integer.parseInt(key)) : ((Map<String, Object>) node).get(key);
        }
        return (Map<String, Object>) node;
    }

    @SuppressWarnings("unchecked")
    static Stream<Arguments> invalidDocuments() {
        return Stream.of(
                invalid("policy_id missing", t -> t.remove("policy_id"), "/policy_id", "is required"),
                invalid("policy_id blank", t -> t.put("policy_id", "  "), "/policy_id", "must not be blank"),
                invalid("policy_id a number", t -> t.put("policy_id", new java.math.BigDecimal(7)), "/policy_id",
                        "must be a string, found the number 7"),
                invalid("version too long", t -> t.put("version", "v".repeat(101)), "/version",
                        "must be at most 100 characters long"),
                invalid("unknown top-level field", t -> t.put("owner", "x"), "/owner", "unknown key"),
                invalid("no roles", t -> t.put("roles", new LinkedHashMap<>()), "/roles", "at least one role"),
                invalid("roles an array", t -> t.put("roles", List.of()), "/roles", "must be an object, found an array"),
                invalid("role name not canonical", t -> at(t, "roles").put("Chief Planner", at(t, "roles", "planner")),
                        "/roles/Chief Planner", "role name must be lower-case ASCII letters"),
                invalid("role null", t -> at(t, "roles").put("planner", null), "/roles/planner", "must be an object, found null"),
                invalid("role field unknown", t -> at(t, "roles", "planner").put("allowed_domain", List.of()),
                        "/roles/planner/allowed_domain", "unknown key"),
                invalid("no clearances", t -> at(t, "roles", "planner").put("allowed_clearances", List.of()),
                        "/roles/planner/allowed_clearances", "at least one clearance"),
                invalid("clearance not canonical", t -> at(t, "roles", "planner")
                        .put("allowed_clearances", List.of("secret", "Top Secret")),
                        "/roles/planner/allowed_clearances/1", "lower-case ASCII"),
                invalid("clearance repeated", t -> at(t, "roles", "planner")
                        .put("allowed_clearances", List.of("secret", "secret")),
                        "/roles/planner/allowed_clearances", "must not repeat an entry"),
                invalid("clearance a number", t -> at(t, "roles", "planner")
                        .put("allowed_clearances", List.of("secret", java.math.BigDecimal.ONE)),
                        "/roles/planner/allowed_clearances/1", "must be a string, found the number 1"),
                invalid("domains missing", t -> at(t, "roles", "guest").remove("allowed_domains"),
                        "/roles/guest/allowed_domains", "is required"),
                invalid("default DENY", t -> at(t, "roles", "guest").put("default_decision", "DENY"),
                        "/roles/guest/default_decision", "must be ALLOW or PARTIAL"),
                invalid("default lower case", t -> at(t, "roles", "guest").put("default_decision", "allow"),
                        "/roles/guest/default_decision", "must be ALLOW or PARTIAL"),
                invalid("default missing", t -> at(t, "roles", "guest").remove("default_decision"),
                        "/roles/guest/default_decision", "is required"),
                invalid("restriction without patterns", t -> at(t, "restrictions", "0").put("patterns", List.of()),
                        "/restrictions/0/patterns", "at least one pattern"),
                invalid("restriction pattern broken", t -> at(t, "restrictions", "1").put("patterns", List.of("(unclosed")),
                        "/restrictions/1/patterns/0", "is not a valid regular expression: Unclosed group"),
                invalid("restriction id repeated", t -> at(t, "restrictions", "1").put("id", "no_unit_level_ids"),
                        "/restrictions/1/id", "repeats the id of /restrictions/0"),
                invalid("restriction id missing", t -> at(t, "restrictions", "1").remove("id"),
                        "/restrictions/1/id", "is required"),
                invalid("domain rule phrase syntax", t -> at(t, "domain_rules", "2").put("phrases", List.of("trace**")),
                        "/domain_rules/2/phrases/0", "must be words of letters and digits"),
                invalid("domain rule gap too large", t -> at(t, "domain_rules", "0").put("max_gap", new java.math.BigDecimal(11)),
                        "/domain_rules/0/max_gap", "must be between 0 and 10"),
                invalid("domain rule gap fractional", t -> at(t, "domain_rules", "0").put("max_gap", new java.math.BigDecimal("1.5")),
                        "/domain_rules/0/max_gap", "must be an integer"),
                invalid("domain rule without domains", t -> at(t, "domain_rules", "1").put("domains", List.of()),
                        "/domain_rules/1/domains", "at least one domain"),
                invalid("domain rule fallback a string", t -> at(t, "domain_rules", "3").put("fallback", "yes"),
                        "/domain_rules/3/fallback", "must be a boolean"),
                invalid("sensitivity clearance not canonical", t -> at(t, "sensitivity")
                        .put("internal_only_clearances", List.of("Top Secret")),
                        "/sensitivity/internal_only_clearances/0", "lower-case ASCII"),
                invalid("marking without phrases", t -> ((List<Map<String, Object>>) at(t, "sensitivity")
                        .get("markings")).get(0).put("phrases", List.of()),
                        "/sensitivity/markings/0/phrases", "at least one phrase"),
                invalid("marking phrase of punctuation", t -> ((List<Map<String, Object>>) at(t, "sensitivity")
                        .get("markings")).get(0).put("phrases", List.of("//")),
                        "/sensitivity/markings/0/phrases/0", "at least one letter or digit"),
                invalid("sensitivity field unknown", t -> at(t, "sensitivity").put("internal_only", true),
                        "/sensitivity/internal_only", "unknown key"),
                invalid("partial instruction blank", t -> t.put("partial_instruction", " "), "/partial_instruction",
                        "must not be blank"));
    }

    private static Arguments invalid(String name, Consumer<Map<String, Object>> breakIt, String pointer, String problem) {
        return Arguments.of(name, breakIt, pointer, problem);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidDocuments")
    void anInvalidDocumentNamesTheFieldAndTheProblem(String name, Consumer<Map<String, Object>> breakIt, String pointer,
            String problem) {
        Map<String, Object> tree = validTree();
        breakIt.accept(tree);

        assertThatThrownBy(() -> PolicyDocument.fromTree(tree))
                .isInstanceOf(InvalidPolicyException.class)
                .isInstanceOfSatisfying(PolicyValidationException.class, e -> {
                    assertThat(e.code()).isEqualTo("invalid_policy");
                    assertThat(e.violations()).anySatisfy(v -> {
                        assertThat(v.pointer()).isEqualTo(pointer);
                        assertThat(v.message()).contains(problem);
                    });
                    assertThat(e.getMessage()).contains(pointer + ": ");
                });
    }

    @Test
    void theSensitivityAndThePartialInstructionAreRead() {
        PolicyDocument policy = MarpFixtures.policy();

        assertThat(policy.sensitivity().internalOnlyClearances()).containsExactly("top_secret");
        assertThat(policy.sensitivity().markings()).extracting(Marking::id).containsExactly("top_secret",
                "top_secret_banner");
        assertThat(policy.sensitivity().markings().get(1).caseSensitive()).isTrue();
        assertThat(policy.partialInstruction()).startsWith("Answer with qualitative trends only");
        assertThat(PolicyDocument.fromTree(policy.toTree())).isEqualTo(policy);
        Map<String, Object> bare = validTree();
        bare.remove("sensitivity");
        bare.remove("partial_instruction");
        assertThat(PolicyDocument.fromTree(bare).sensitivity()).isEqualTo(Sensitivity.none());
        assertThat(PolicyDocument.fromTree(bare).partialInstruction()).isEqualTo(PolicyDocument.DEFAULT_PARTIAL_INSTRUCTION);
    }

    @Test
    void aSchemaMemberIsAcceptedAndAPolicyInsideARequestIsNamedFromThere() {
        Map<String, Object> tree = validTree();
        tree.put("$schema", "https://keel.dev/schema/policy/policy-document.schema.json");
        assertThat(PolicyDocument.fromTree(tree).policyId()).isEqualTo("marp-fleet-transition");

        tree.put("version", "");
        assertThatThrownBy(() -> PolicyDocument.fromTree(tree, "/policy"))
                .isInstanceOfSatisfying(PolicyValidationException.class, e -> assertThat(e.violations())
                        .extracting(PolicyViolation::pointer).containsExactly("/policy/version"));
    }

    @Test
    void everyProblemIsReportedAtOnceSortedByPointer() {
        Map<String, Object> tree = validTree();
        tree.put("version", "");
        at(tree, "roles", "guest").put("default_decision", "DENY");
        at(tree, "roles", "planner").put("allowed_clearances", List.of());

        assertThatThrownBy(() -> PolicyDocument.fromTree(tree))
                .isInstanceOfSatisfying(PolicyValidationException.class, e -> assertThat(e.violations())
                        .extracting(PolicyViolation::pointer)
                        .containsExactly("/roles/guest/default_decision", "/roles/planner/allowed_clearances", "/version"));
    }

    @Test
    void theBuilderValidatesLikeTheParser() {
        PolicyDocument built = PolicyDocument.builder().policyId("p").version("1")
                .role("planner", new RolePolicy(List.of("secret"), List.of("capability_planning"), Decision.ALLOW))
                .restriction(QualitativeRestriction.of("no_ids", List.of("ID-\\d+")))
                .domainRule(DomainRule.of(List.of("budget*"), List.of("capability_planning")))
                .build();

        assertThat(built.role("planner")).isPresent();
        assertThat(built.restrictions().get(0).replacement()).isEqualTo(QualitativeRestriction.DEFAULT_REPLACEMENT);
        assertThatThrownBy(() -> PolicyDocument.builder().policyId("p").version("1")
                .role("planner", new RolePolicy(List.of("secret"), List.of(), Decision.DENY)).build())
                .isInstanceOfSatisfying(PolicyValidationException.class, e -> assertThat(e.violations())
                        .containsExactly(new PolicyViolation("/roles/planner/default_decision",
                                "must be ALLOW or PARTIAL (to refuse a role everything, leave it out of the policy)")));
        assertThatThrownBy(() -> PolicyDocument.builder().version("1").build())
                .isInstanceOfSatisfying(PolicyValidationException.class, e -> assertThat(e.violations())
                        .extracting(PolicyViolation::pointer).containsExactly("/policy_id", "/roles"));
    }
}
