package dev.keel.reading;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.ConfigurationException;
import dev.keel.core.Decision;
import dev.keel.policy.MarpFixtures;
import dev.keel.policy.NumberWordLanguage;
import dev.keel.policy.PolicyDocument;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * PARTIAL reads number words per language: English ships, a host defines another, digits of every script count in
 * all.
 */
class PartialNumberWordsTest {

    private static final NumberWordLanguage GERMAN = NumberWordLanguage.builder("de")
            .cardinals("null", "eins", "ein", "zwei", "drei", "vier", "fünf", "zehn", "zwanzig", "hundert")
            .ordinals("erste", "zweite", "dritte").contextual("ein", "eins", "erste").cardinalEndings("mal")
            .ordinalEndings("n", "r").joiner("und").build();
    private static final String TEXT = "Zwei Betten, zweiundzwanzig Patienten, die dritten Werte, ein Arzt, ٣ Tage,"
            + " two beds.";

    @Test
    void englishReadsNoGermanWord() {
        assertThat(OutboundFilter.builder().build().apply(Decision.PARTIAL, TEXT).text()).isEqualTo("Zwei Betten,"
                + " zweiundzwanzig Patienten, die dritten Werte, ein Arzt, [figure withheld] Tage, [figure withheld]"
                + " beds.");
    }

    @Test
    void aHostLanguageIsRead() {
        OutboundFilter german = OutboundFilter.builder().numberWords(List.of(GERMAN)).build();

        assertThat(german.apply(Decision.PARTIAL, TEXT).text()).isEqualTo("[figure withheld] Betten, [figure"
                + " withheld] Patienten, die [figure withheld] Werte, ein Arzt, [figure withheld] Tage, two beds.");
    }

    @Test
    void thePolicyChoosesTheLanguages() {
        PolicyDocument policy = PolicyDocument.parse("""
                {"policy_id": "station", "version": "1",
                 "roles": {"pflege": {"allowed_clearances": ["intern"], "allowed_domains": [], "default_decision": "PARTIAL"}},
                 "partial": {"number_words": ["de", "en"]}}""");

        assertThatThrownBy(() -> OutboundFilter.create(policy)).isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("number words of de");
        PolicyDocument given = policy.withNumberWordLanguages(List.of(GERMAN));
        assertThat(given.numberWordLanguages()).extracting(NumberWordLanguage::name).containsExactly("de", "en");
        assertThat(OutboundFilter.create(given).apply(Decision.PARTIAL, TEXT).text()).isEqualTo("[figure withheld]"
                + " Betten, [figure withheld] Patienten, die [figure withheld] Werte, ein Arzt, [figure withheld] Tage,"
                + " [figure withheld] beds.");
        assertThat(MarpFixtures.policy().numberWordLanguages()).containsExactly(NumberWordLanguage.english());
    }
}
