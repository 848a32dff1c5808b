package dev.keel.policy.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class KeywordsTest {

    @Provide
    Arbitrary<String> words() {
        // Few letters, so that equal words (in other cases) come up often.
        return Arbitraries.strings().withChars("aAbBzZ").ofMinLength(1).ofMaxLength(Keywords.MAX_LENGTH);
    }

    @Property(tries = 2000)
    void keysAreEqualExactlyForWordsEqualIgnoringCase(@ForAll("words") String a, @ForAll("words") String b) {
        assertThat(key(a) == key(b)).isEqualTo(a.equalsIgnoreCase(b));
        assertThat(key(a)).isNotEqualTo(Keywords.NONE);
    }

    @Test
    void onlyShortRunsOfAsciiLettersHaveAKey() {
        assertThat(key("")).isEqualTo(Keywords.NONE);
        assertThat(key("abcdefghijkl")).isNotEqualTo(Keywords.NONE);
        assertThat(key("abcdefghijklm")).isEqualTo(Keywords.NONE);
        assertThat(key("q3")).isEqualTo(Keywords.NONE);
        assertThat(key("mär")).isEqualTo(Keywords.NONE);
        assertThat(key("ﬁrst")).isEqualTo(Keywords.NONE);
    }

    @Test
    void flagsIgnoreCaseAndNeedTheWholeWord() {
        assertThat(flags("March")).isEqualTo(Keywords.MONTH);
        assertThat(flags("MAY")).isEqualTo(Keywords.MONTH);
        assertThat(flags("Sept")).isEqualTo(Keywords.MONTH_ABBREVIATION);
        assertThat(flags("thousand")).isEqualTo(Keywords.NUMBER_WORD | Keywords.SCALE);
        assertThat(flags("until")).isEqualTo(Keywords.RANGE_WORD | Keywords.TEMPORAL);
        assertThat(flags("seventeenth")).isEqualTo(Keywords.ORDINAL_DAY);
        assertThat(flags("first") & Keywords.TRIGGER).isNotZero();
        assertThat(flags("calendars")).isZero();
        assertThat(flags("marc")).isZero();
        assertThat(flags("boats")).isZero();
        assertThat(flags("")).isZero();
    }

    @Test
    void aFirstLetterRulesOutTheKeywordsThatDoNotStartWithIt() {
        assertThat(Keywords.mayStart('t', Keywords.RANGE_WORD)).isTrue();
        assertThat(Keywords.mayStart('T', Keywords.RANGE_WORD)).isTrue();
        assertThat(Keywords.mayStart('a', Keywords.RANGE_WORD)).isTrue();
        assertThat(Keywords.mayStart('b', Keywords.RANGE_WORD)).isFalse();
        assertThat(Keywords.mayStart('w', Keywords.RANGE_WORD | Keywords.WEEK)).isTrue();
        assertThat(Keywords.mayStart('1', Keywords.RANGE_WORD)).isFalse();
        assertThat(Keywords.mayStart('@', Keywords.RANGE_WORD)).isFalse();
        assertThat(Keywords.mayStart('ä', Keywords.MONTH)).isFalse();
    }

    @Test
    void asciiLettersAndCaseFoldingHoldForEveryCharacter() {
        char[] text = new char[1];
        for (int c = 0; c <= Character.MAX_VALUE; c++) {
            text[0] = (char) c;
            boolean letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
            if (Keywords.isAsciiLetter(text[0]) != letter) {
                fail("isAsciiLetter of char %04x", c);
            }
            for (char lower = 'a'; lower <= 'z'; lower++) {
                boolean same = c == lower || c == lower - ('a' - 'A');
                if (Keywords.is(text, 0, 1, String.valueOf(lower)) != same) {
                    fail("char %04x against %s", c, lower);
                }
            }
        }
    }

    private static long key(String word) {
        return Keywords.key(word.toCharArray(), 0, word.length());
    }

    private static int flags(String word) {
        return Keywords.flags(word.toCharArray(), 0, word.length());
    }
}
