package dev.keel.reading;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.reading.NumberWords.Kind;
import dev.keel.reading.NumberWords.Reading;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class NumberWordsTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "two, CARDINAL, false",
        "eighty, CARDINAL, false",
        "eightyfour, CARDINAL, false",
        "onehundred, CARDINAL, false",
        "twentyone, CARDINAL, false",
        "onehundredandtwenty, CARDINAL, false",
        "ninetyish, CARDINAL, false",
        "hundreds, CARDINAL, false",
        "tenfold, CARDINAL, false",
        "sixes, CARDINAL, false",
        "nineties, CARDINAL, false",
        "zero, CARDINAL, false",
        "one, CARDINAL, true",
        "third, ORDINAL, false",
        "thirteenth, ORDINAL, false",
        "fortieth, ORDINAL, false",
        "twentyfirst, ORDINAL, false",
        "eightyfourth, ORDINAL, false",
        "thirds, ORDINAL, false",
        "first, ORDINAL, true",
        "second, ORDINAL, true",
        "half, FRACTION, false",
        "halves, FRACTION, false",
        "quarter, FRACTION, true",
        "quarters, FRACTION, true",
    })
    void readsNumberWords(String word, Kind kind, boolean contextual) {
        assertThat(NumberWords.read(word, new Steps())).isEqualTo(new Reading(kind, contextual));
    }

    @ParameterizedTest
    @ValueSource(strings = {"ones", "seconds", "firsts", "often", "tone", "none", "tense", "attention", "teens", "fourty",
        "onesie", "quarterly", "behalf", "weekly", "twentyx", "", "a", "and", "twentyand", "andtwo"})
    void otherWordsAreNone(String word) {
        assertThat(NumberWords.read(word, new Steps())).isNull();
    }
}
