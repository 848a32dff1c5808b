package dev.keel.policy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.Principal;
import dev.keel.test.properties.Gen;
import dev.keel.test.properties.Property;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Which requests must stay in the house: clearances, domains and markings of the policy's sensitivity. */
class SensitivityTest {

    private static final SensitivityAssessor MARP = SensitivityAssessor.create(MarpFixtures.policy());
    private static final Principal PLANNER = Principal.of("planner", "secret");

    private static SensitivityDecision prompt(String text) {
        return MARP.assess(List.of(PLANNER), List.of(), text);
    }

    @ParameterizedTest
    @ValueSource(strings = {"top secret", "TOP SECRET", "Top-Secret", "top_secret", "topsecret", "TopSecret",
        "top   secret", "top - secret", "top\tsecret", "top\u2014secret", "top\u00A0secret", "to\u200Bp secret",
        "\uFF34\uFF2F\uFF30 \uFF33\uFF25\uFF23\uFF32\uFF25\uFF34", "this is TOP-SECRET!", "(top_secret)",
        "top/secret", "top.secret", "top+secret", "top\u3164secret", "top\u115Fsecret", "top\u2800secret",
        "to\u0301p se\u0301cret", "TS//SCI", "(TS)", "TS", "marked TS, handle accordingly", "TS//NOFORN"})
    void aMarkingInAnyCommonFormKeepsTheRequestInternal(String marking) {
        SensitivityDecision decision = prompt("Plan the retirement, " + marking + ".");

        assertThat(decision.internalOnly()).as(marking).isTrue();
        assertThat(decision.reasonCodes().values()).containsExactly("internal_only_marking");
    }

    @ParameterizedTest
    @ValueSource(strings = {"secret", "stop secretly", "tops ecret", "the secret top", "ts and TSA", "its rights",
        "costs, streets"})
    void wordsThatOnlyLookLikeAMarkingDoNot(String text) {
        assertThat(prompt(text).internalOnly()).as(text).isFalse();
    }

    @Test
    void anInternalOnlyClearanceOfAnyPrincipalKeepsItInternal() {
        SensitivityDecision host = MARP.assess(Arrays.asList(Principal.of("planner", "top_secret"),
                Principal.of("planner", "secret")), List.of(), "compare the calendars");

        assertThat(host.internalOnly()).isTrue();
        assertThat(host.rules()).containsExactly("clearance top_secret");
        assertThat(MARP.assess(Arrays.asList(null, Principal.of("guest", "Top Secret")), List.of(), "x").rules())
                .containsExactly("clearance top_secret");
    }

    @Test
    void anInternalOnlyDomainKeepsItInternalAndEveryRuleIsNamed() {
        SensitivityAssessor ward = SensitivityAssessor.create(new Sensitivity(List.of("phi"),
                List.of("patient_records"), List.of(new Marking("restricted", List.of("strictly confidential"), false))));

        SensitivityDecision decision = ward.assess(List.of(Principal.of("nurse", "phi")), List.of("patient-records"),
                "STRICTLY CONFIDENTIAL: beds on ward 3");

        assertThat(decision.rules()).containsExactly("clearance phi", "domain patient_records", "marking restricted");
        assertThat(decision.reasonCodes().values()).containsExactly("internal_only_clearance", "internal_only_domain",
                "internal_only_marking");
        assertThat(ward.assess(List.of(Principal.of("nurse", "ward")), List.of("beds"), "how many beds?").internalOnly())
                .isFalse();
    }

    @Test
    void aPolicyWithoutSensitivityKeepsNothingInternal() {
        assertThat(SensitivityAssessor.create(Sensitivity.none()).assess(List.of(PLANNER), List.of("x"), "top secret"))
                .isEqualTo(SensitivityDecision.externalAllowed());
    }

    private static Gen<String> topSecretMarkings() {
        Gen<String> top = Gen.of("top", "TOP", "Top", "tOp", "\uFF34\uFF2F\uFF30", "to\u200Bp", "T\u00ADop",
                "to\u0301p", "t\u0338op");
        Gen<String> secret = Gen.of("secret", "SECRET", "Secret", "sEcReT", "\uFF33\uFF25\uFF23\uFF32\uFF25\uFF34",
                "secr\u200Det", "s\u00E9cret", "se\u0301cret");
        Gen<String> between = Gen.of("", " ", "-", "_", "/", ".", "+", "\u2013", "\u2014", "\u00A0", "\t",
                "\n", "\u3000", "\u3164", "\u115F", "\u2800", "//", " - ").list().ofMaxSize(3)
                .map(parts -> String.join("", parts));
        Gen<String> before = Gen.strings().withChars(" .,;:()[]\n").ofMaxLength(3)
                .map(edge -> "Compare the calendars" + edge);
        Gen<String> after = Gen.strings().withChars(" .,;:()[]\n").ofMaxLength(3)
                .map(edge -> edge + "please");
        return c -> {
            String b = before.generate(c);
            String t = top.generate(c);
            String sep = between.generate(c);
            String s = secret.generate(c);
            String a = after.generate(c);
            return b + (b.endsWith(" ") || b.isEmpty() ? "" : " ") + t + sep + s + " " + a;
        };
    }

    @Test
    void topSecretInEverySeparatorCaseAndNormalisationFormStaysInternal() {
        Property.forAll(topSecretMarkings(), Gen.of(java.text.Normalizer.Form.values())).tries(1000)
                .check((prompt, form) -> assertThat(prompt(java.text.Normalizer.normalize(prompt, form)).internalOnly())
                        .isTrue());
    }

    @Test
    void assessingNeverThrows() {
        Gen<String> any = Gen.strings().all();
        Property.forAll(any, any, any).tries(500).check((prompt, role, clearance) -> assertThat(MARP.assess(
                List.of(Principal.of(role.isEmpty() ? "r" : role, clearance.isEmpty() ? "c" : clearance)),
                List.of(prompt), prompt)).isNotNull());
    }
}
