package dev.keel.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.ConfigurationException;
import org.junit.jupiter.api.Test;

/** A number-word language a host defines is checked as it is built; English ships. */
class NumberWordLanguageTest {

    @Test
    void englishShips() {
        NumberWordLanguage english = NumberWordLanguage.english();

        assertThat(english.name()).isEqualTo("en");
        assertThat(english.cardinals()).contains("two", "twenty", "hundred");
        assertThat(english.ordinals()).contains("third");
        assertThat(english.contextual()).contains("one", "first", "second", "quarter");
        assertThat(english.joiner()).isEqualTo("and");
    }

    @Test
    void aLanguageIsChecked() {
        assertThatThrownBy(() -> NumberWordLanguage.builder("De").cardinals("zwei").build())
                .isInstanceOf(ConfigurationException.class);
        assertThatThrownBy(() -> NumberWordLanguage.builder("de").build()).isInstanceOf(ConfigurationException.class);
        assertThatThrownBy(() -> NumberWordLanguage.builder("de").cardinals("zwei2"))
                .isInstanceOf(ConfigurationException.class);
    }

    @Test
    void aHostLanguageKeepsItsWordsAsTheNormalisedTextReadsThem() {
        NumberWordLanguage german = NumberWordLanguage.builder("de").cardinals("Zwei", "fünf").joiner("Und").build();

        assertThat(german.cardinals()).containsExactly("zwei", "funf");
        assertThat(german.joiner()).isEqualTo("und");
        assertThat(german.ordinals()).isEmpty();
    }
}
