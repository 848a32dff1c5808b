package dev.keel.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.ConfigurationException;
import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.core.content.Part;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What PARTIAL withholds is the policy's: per role and per domain, combined by union, the defaults when unsaid. */
class PartialKindsTest {

    private static final String TEXT = "Bed L-12 and bed B52 were free on 3 May; 40% of beds, $1,200 a night,"
            + " twelve nurses.";

    private static final String POLICY = """
            {"policy_id": "ward", "version": "1",
             "roles": {
               "nurse": {"allowed_clearances": ["internal"], "allowed_domains": ["beds"], "default_decision": "PARTIAL",
                         "partial": {"keep": ["identifiers"]}},
               "porter": {"allowed_clearances": ["internal"], "allowed_domains": [], "default_decision": "PARTIAL",
                          "partial": {"keep": ["identifiers", "dates"]}},
               "clerk": {"allowed_clearances": ["internal"], "allowed_domains": ["beds"], "default_decision": "ALLOW"}
             },
             "partial": {"domains": {
               "billing": {"withhold": ["credentials"], "keep": ["amounts"]},
               "patient_records": {"withhold": ["identifiers"]}
             }}}""";

    private final PolicyDocument policy = PolicyDocument.parse(POLICY);
    private final OutboundFilter filter = OutboundFilter.create(policy);

    @Test
    void theDefaultsAreTodaysPartial() {
        assertThat(filter.apply(Decision.PARTIAL, PartialKinds.defaults(), TEXT))
                .isEqualTo(filter.apply(Decision.PARTIAL, TEXT));
        assertThat(filter.apply(Decision.PARTIAL, TEXT).text()).isEqualTo("Bed L-[figure withheld] and bed"
                + " [figure withheld] were free on [date withheld]; [percentage withheld] of beds, [amount withheld] a"
                + " night, [figure withheld] nurses.");
        assertThat(PartialKinds.defaults().withheld()).containsExactly("amounts", "dates", "figures", "identifiers",
                "percentages");
    }

    @Test
    void keepingIdentifiersShowsBedsAndWithholdsTheRest() {
        FilteredText filtered = filter.apply(Decision.PARTIAL, policy.partialKinds("nurse", List.of("beds")), TEXT);

        assertThat(filtered.text()).isEqualTo("Bed L-12 and bed B52 were free on [date withheld]; [percentage"
                + " withheld] of beds, [amount withheld] a night, [figure withheld] nurses.");
    }

    @Test
    void eachKindIsWithheldAlone() {
        assertThat(filter.apply(Decision.PARTIAL, PartialKinds.of("amounts"), TEXT).text()).isEqualTo("Bed L-12 and"
                + " bed B52 were free on 3 May; 40% of beds, [amount withheld] a night, twelve nurses.");
        assertThat(filter.apply(Decision.PARTIAL, PartialKinds.of("percentages", "dates"), TEXT).text())
                .isEqualTo("Bed L-12 and bed B52 were free on [date withheld]; [percentage withheld] of beds, $1,200 a"
                        + " night, twelve nurses.");
        assertThat(filter.apply(Decision.PARTIAL, PartialKinds.of("figures"), TEXT).text()).isEqualTo("Bed L-12 and"
                + " bed B52 were free on 3 May; 40% of beds, $1,200 a night, [figure withheld] nurses.");
        assertThat(filter.apply(Decision.PARTIAL, PartialKinds.of("identifiers"), "Bed L-12, Q3, week 4, 12.")
                .text()).isEqualTo("Bed L-[figure withheld], Q3, week 4, 12.");
    }

    @Test
    void keptKindsAreShownWhateverTheirForm() {
        // The digits of a character reference in a kept identifier are the identifier's; a date's are withheld.
        FilteredText filtered = filter.apply(Decision.PARTIAL, PartialKinds.of("dates"),
                "Bed L-&#49;2 from 3 M&#97;y");

        assertThat(filtered.text()).isEqualTo("Bed L-&#49;2 from [date withheld]");
    }

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
        assertThat(filter.apply(nurse.decision(), nurse.partialKinds(), TEXT).text()).startsWith("Bed L-12 and bed B52");
        assertThat(PolicyEvaluator.create(MarpFixtures.policy())
                .evaluate(Principal.of("guest", "secret"), List.of()).partialKinds())
                .isEqualTo(PartialKinds.defaults());
    }

    @Test
    void keepingAKindNeverShowsWhatAllowWouldNot() {
        OutboundFilter restricted = OutboundFilter.create(List.of(new QualitativeRestriction("no_beds", "",
                List.of("\\bL-\\d+"), "[bed withheld]")));
        String text = "Bed L-12 and bed B52.";

        assertThat(restricted.apply(Decision.ALLOW, text).text()).isEqualTo("Bed [bed withheld] and bed B52.");
        assertThat(restricted.apply(Decision.PARTIAL, PartialKinds.of(), text).text())
                .isEqualTo("Bed [bed withheld] and bed B52.");
    }

    @Test
    void credentialsAreWithheldWhenNamed() {
        String text = "use sk-ant-abcdefghijklmnopqrstuvwx now";

        assertThat(filter.apply(Decision.PARTIAL, text).text()).isEqualTo(text);
        FilteredText withheld = filter.apply(Decision.PARTIAL, policy.partialKinds("clerk", List.of("billing")), text);
        assertThat(withheld.text()).isEqualTo("use [credential withheld] now");
        assertThat(withheld.redactions()).extracting(Redaction::kind).containsExactly("credentials");
    }

    @Test
    void partsAreFilteredWithTheKinds() {
        FilteredPart part = filter.apply(Decision.PARTIAL, PartialKinds.of("dates"), Part.markdown("**Bed L-12** on 3 May"));

        assertThat(((Part.Markdown) part.kept().orElseThrow()).source()).isEqualTo("**Bed L-12** on [date withheld]");
    }

    @Test
    void aKindWithoutARecogniserIsRefused() {
        assertThatThrownBy(() -> filter.apply(Decision.PARTIAL, PartialKinds.of("iban"), TEXT))
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("iban")
                .hasMessageContaining("no recogniser");
    }

    @Test
    void settingsAreValidatedWithPointers() {
        String badName = POLICY.replace("\"keep\": [\"identifiers\"]}", "\"keep\": [\"Identifiers\"]}");
        String both = POLICY.replace("\"withhold\": [\"credentials\"], \"keep\": [\"amounts\"]",
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
        PolicyDocument withIban = PolicyDocument.parse(POLICY.replace("\"withhold\": [\"credentials\"]",
                "\"withhold\": [\"credentials\", \"iban\"]"));

        assertThat(PolicyLint.findings(withIban)).extracting(PolicyFinding::code, PolicyFinding::pointer)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(PolicyFinding.PARTIAL_KIND_UNKNOWN,
                        "/partial/domains/billing/withhold/1"));
        assertThat(PolicyLint.findings(withIban.withRecognisers(List.of(new HostRecognisers.Iban())))).isEmpty();
        assertThat(PolicyLint.findings(policy)).isEmpty();
    }
}
