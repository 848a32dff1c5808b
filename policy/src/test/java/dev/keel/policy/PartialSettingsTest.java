package dev.keel.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.Decision;
import dev.keel.core.Principal;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What PARTIAL withholds is the policy's: per role and per domain, combined by union, the defaults when unsaid. */
class PartialSettingsTest {

    private final PolicyDocument policy = PolicyDocument.parse(PartialFixtures.WARD_POLICY);

    @Test
    void roleAndDomainSettingsCombineByUnion() {
        assertThat(policy.partialKinds("clerk", List.of("beds"))).isEqualTo(PartialKinds.defaults());
        assertThat(policy.partialKinds("nurse", List.of()).withheld()).doesNotContain("identifiers");
        assertThat(policy.partialKinds("Nurse", List.of("Patient Records")).withheld()).contains("identifiers");
        assertThat(policy.partialKinds("porter", List.of()).withheld()).containsExactly("amounts", "figures",
                "percentages");
        // billing keeps amounts, but the porter's setting withholds them: the most restrictive wins.
        assertThat(policy.partialKinds("porter", List.of("billing")).withheld()).containsExactly("amounts",
                "credentials", "dates", "figures", "identifiers", "percentages");
        assertThat(policy.partialKinds("clerk", List.of("billing")).withheld()).containsExactly("credentials",
                "dates", "figures", "identifiers", "percentages");
        assertThat(policy.partialKinds("nobody", List.of("beds"))).isEqualTo(PartialKinds.defaults());
    }

    @Test
    void theDecisionCarriesWhatItWithholds() {
        PolicyEvaluator evaluator = PolicyEvaluator.create(policy);

        PolicyDecision nurse = evaluator.evaluate(Principal.of("nurse", "internal"), List.of("beds"));
        PolicyDecision records = evaluator.evaluate(Principal.of("nurse", "internal"), List.of("patient_records"));

        assertThat(nurse.decision()).isEqualTo(Decision.PARTIAL);
        assertThat(nurse.partialKinds()).isEqualTo(policy.partialKinds("nurse", List.of("beds")));
        assertThat(records.partialKinds().withholds("identifiers")).isTrue();
        assertThat(PolicyEvaluator.create(MarpFixtures.policy())
                .evaluate(Principal.of("guest", "secret"), List.of()).partialKinds())
                .isEqualTo(PartialKinds.defaults());
    }

    @Test
    void settingsAreValidatedWithPointers() {
        String badName = PartialFixtures.WARD_POLICY.replace("\"keep\": [\"identifiers\"]}",
                "\"keep\": [\"Identifiers\"]}");
        String both = PartialFixtures.WARD_POLICY.replace("\"withhold\": [\"credentials\"], \"keep\": [\"amounts\"]",
                "\"withhold\": [\"amounts\"], \"keep\": [\"amounts\"]");

        assertThatThrownBy(() -> PolicyDocument.parse(badName)).isInstanceOf(PolicyValidationException.class)
                .hasMessageContaining("/roles/nurse/partial/keep/0: must be lower-case");
        assertThatThrownBy(() -> PolicyDocument.parse(both)).isInstanceOf(PolicyValidationException.class)
                .hasMessageContaining("/partial/domains/billing/keep/0: is also in withhold");
    }

    @Test
    void theDocumentWritesItsSettingsBack() {
        PolicyDocument built = PolicyDocument.builder().policyId("ward").version("1")
                .role("nurse", new RolePolicy(List.of("internal"), List.of("beds"), Decision.PARTIAL)
                        .withPartial(new PartialSetting(List.of(), List.of("identifiers"))))
                .domainPartial("billing", new PartialSetting(List.of("credentials"), List.of("amounts")))
                .domainPartial("patient_records", new PartialSetting(List.of("identifiers"), List.of()))
                .role("porter", new RolePolicy(List.of("internal"), List.of(), Decision.PARTIAL)
                        .withPartial(new PartialSetting(List.of(), List.of("identifiers", "dates"))))
                .role("clerk", new RolePolicy(List.of("internal"), List.of("beds"), Decision.ALLOW))
                .build();

        assertThat(PolicyDocument.fromTree(built.toTree())).isEqualTo(built);
        assertThat(built.partialKinds("porter", List.of("billing")))
                .isEqualTo(policy.partialKinds("porter", List.of("billing")));
        assertThat(policy.toTree()).containsKey("partial");
    }

    @Test
    void lintNamesAKindNothingRecognises() {
        PolicyDocument withIban = PolicyDocument.parse(PartialFixtures.WARD_POLICY.replace(
                "\"withhold\": [\"credentials\"]", "\"withhold\": [\"credentials\", \"iban\"]"));

        assertThat(PolicyLint.findings(withIban)).extracting(PolicyFinding::code, PolicyFinding::pointer)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(PolicyFinding.PARTIAL_KIND_UNKNOWN,
                        "/partial/domains/billing/withhold/1"));
        assertThat(PolicyLint.findings(withIban.withRecognisers(List.of(new HostRecognisers.Iban())))).isEmpty();
        assertThat(PolicyLint.findings(policy)).isEmpty();
    }
}
