package dev.keel.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DomainDetectorTest {

    private static final String PLANNING = "capability_planning transition_calendars budget_envelopes";

    private final DomainDetector marp = MarpFixtures.domainDetector();

    @ParameterizedTest(name = "\"{0}\" -> {1}")
    @CsvSource(delimiter = '|', emptyValue = "", value = {
        // the MARP policy's first rule: each trigger on its own
        "We need to retire two boats in Q3.                 | " + PLANNING,
        "Which boats should we retire first?                | " + PLANNING,
        "Retiring the two oldest boats                      | " + PLANNING,
        "Keep capability thresholds above the floor         | " + PLANNING,
        "What is the dock capacity in spring?               | " + PLANNING,
        "How is CREW READINESS affected?                    | " + PLANNING,
        "Are spares sufficient?                             | " + PLANNING,
        "Show the budgets                                   | " + PLANNING,
        "Is this within budget?                             | " + PLANNING,
        // provenance or traceability adds the provenance views
        "Explain the provenance of these figures            | marp_provenance_views",
        "I need full traceability                           | marp_provenance_views",
        "Retire two boats, with traceability                | " + PLANNING + " marp_provenance_views",
        // a high-level overview only, nothing more specific
        "Give me a high-level overview                      | marp_high_level_summaries",
        "A short summary please                             | marp_high_level_summaries",
        "An overview of the dock capacity                   | " + PLANNING,
        // word boundaries: no match inside longer words, no match on unrelated words
        "The sparest description, a retirement party        | ''",
        "Boats are nice and lovely; later we retire at sixty | ''",
        "budgetless                                         | " + PLANNING,
        "Nothing relevant here                              | ''",
        "''                                                 | ''",
    })
    void appliesTheSeedsMapping(String prompt, String expected) {
        List<String> domains = marp.detect(prompt).domains();

        assertThat(String.join(" ", domains)).isEqualTo(expected);
    }

    @Test
    void reportsWhichPhraseMatchedWhere() {
        String prompt = "Please retire the two boats; keep traceability.";

        DomainDetection detection = marp.detect(prompt);

        assertThat(detection.matches()).hasSize(2);
        DomainMatch retire = detection.matches().get(0);
        assertThat(retire.phrase()).isEqualTo("retir* boat*");
        assertThat(prompt.substring(retire.start(), retire.end())).isEqualTo("retire the two boats");
        DomainMatch trace = detection.matches().get(1);
        assertThat(prompt.substring(trace.start(), trace.end())).isEqualTo("traceability");
        assertThat(trace.domains()).containsExactly("marp_provenance_views");
    }

    @Test
    void gapsBeyondTheLimitDoNotMatch() {
        assertThat(marp.detect("retire one two three four boats").domains()).isEmpty();
        assertThat(marp.detect("retire one two three boats").domains()).isNotEmpty();
    }

    @Test
    void hyphenatedPhrasesMatchAnySeparator() {
        DomainDetector detector = DomainDetector.create(List.of(
                DomainRule.of(List.of("high-level view"), List.of("summaries"))));

        assertThat(detector.detect("a high level view").domains()).containsExactly("summaries");
        assertThat(detector.detect("a HIGH-LEVEL VIEW").domains()).containsExactly("summaries");
        assertThat(detector.detect("a high/level_view").domains()).containsExactly("summaries");
        assertThat(detector.detect("a highlevel view").domains()).isEmpty();
    }

    @Test
    void matchingIsUnicodeAware() {
        DomainDetector detector = DomainDetector.create(List.of(
                DomainRule.of(List.of("préparation*"), List.of("readiness"))));

        assertThat(detector.detect("État de PRÉPARATION des équipages").domains()).containsExactly("readiness");
        assertThat(detector.detect("unpréparation").domains()).isEmpty();
    }

    @Test
    void wordsHiddenByInvisibleOrCompatibilityCharactersAreFoundWhereTheyAreWritten() {
        DomainDetector detector = DomainDetector.create(List.of(
                DomainRule.of(List.of("préparation*"), List.of("readiness"))));
        String prompt = "Our \uFF30\uFF32\uFF25pa\u00ADra\u200Btion plan";

        DomainDetection detection = detector.detect(prompt);

        assertThat(detection.domains()).containsExactly("readiness");
        DomainMatch match = detection.matches().get(0);
        assertThat(prompt.substring(match.start(), match.end())).isEqualTo("\uFF30\uFF32\uFF25pa\u00ADra\u200Btion");
        assertThat(detector.detect("Our prepara\u0301tion plan").domains()).containsExactly("readiness");
    }

    @Test
    void aPhraseWordMustStartWithALetterOrDigit() {
        assertThatThrownBy(() -> DomainDetector.create(List.of(DomainRule.of(List.of("\u0301"), List.of("x")))))
                .isInstanceOf(PolicyValidationException.class);
    }

    @Test
    void aPhraseThatNormalisesToNothingNeverMatchesAndNeverFails() {
        // A Hangul filler is a letter to the schema and invisible to a reader: the phrase has no word to look for.
        DomainDetector detector = DomainDetector.create(List.of(
                DomainRule.of(List.of("\u3164", "\uFFA0\u115F"), List.of("fillers")),
                DomainRule.of(List.of("dock"), List.of("docks"))));

        assertThat(detector.detect("\u3164 dock \uFFA0").domains()).containsExactly("docks");
        assertThat(detector.detect("").domains()).isEmpty();
    }

    @Test
    void theDocumentsRulesDriveItsDetector() {
        DomainDetector fromPolicy = DomainDetector.create(MarpFixtures.policy());

        assertThat(fromPolicy.rules()).isEqualTo(MarpFixtures.policy().domainRules());
        assertThat(fromPolicy.detect("retire boats and spares").domains())
                .containsExactly("capability_planning", "transition_calendars", "budget_envelopes");
    }

    @Test
    void invalidRulesAreRejectedWithPointers() {
        assertThatThrownBy(() -> DomainDetector.create(List.of(
                DomainRule.of(List.of("ok"), List.of("fine")),
                new DomainRule(List.of("bad phrase!"), List.of("Not Canonical"), 12, false))))
                .isInstanceOfSatisfying(PolicyValidationException.class, e -> assertThat(e.violations())
                        .extracting(PolicyViolation::pointer)
                        .containsExactly("/domain_rules/1/domains/0", "/domain_rules/1/max_gap", "/domain_rules/1/phrases/0"));
    }
}
