package dev.keel.policy.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.policy.PolicyValidationException;
import dev.keel.policy.QualitativeRestriction;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MatchStartsTest {

    @Test
    void marpRestrictionsAreAllUnderstood() {
        for (String regex : RestrictionMatcherProperties.MARP) {
            assertThat(MatchStarts.of(regex).anywhere()).as(regex).isFalse();
        }
    }

    @Test
    void caseInsensitiveWordsStartOnlyWithTheirLetters() {
        MatchStarts starts = MatchStarts.of("(?i)\\b(?:hull|boat)\\s+\\d");
        assertThat(starts.fits("Hull 12", 0)).isTrue();
        assertThat(starts.fits("BOAT 3", 0)).isTrue();
        assertThat(starts.fits("hulk 12", 0)).isFalse();
        assertThat(starts.fits("the hull", 0)).isFalse();
        assertThat(starts.fits("the hull", 4)).isTrue();
    }

    @Test
    void scopedFlagsEndWithTheirGroup() {
        MatchStarts starts = MatchStarts.of("(?i:of) which");
        assertThat(starts.fits("OF which", 0)).isTrue();
        assertThat(starts.fits("of WHich", 0)).isFalse();
        MatchStarts later = MatchStarts.of("(a(?i)b|c)d");
        assertThat(later.fits("aBd", 0)).isTrue();
        assertThat(later.fits("Cd", 0)).isTrue(); // Java's (?i) holds to the end of the group, over the |
        assertThat(later.fits("cD", 0)).isFalse();
    }

    @Test
    void optionalAndRepeatedPiecesGiveEveryPossibleStart() {
        MatchStarts starts = MatchStarts.of("(?:of\\s+)?[A-Z]{1,4}-\\d");
        assertThat(starts.fits("of  SSN", 0)).isTrue();
        assertThat(starts.fits("SSN-7", 0)).isTrue();
        assertThat(starts.fits("A-1", 0)).isTrue();
        assertThat(starts.fits("ab-1", 0)).isFalse();
        assertThat(starts.fits("S", 0)).as("too short for any path").isFalse();
    }

    @Test
    void zeroWidthConstructsConsumeNothing() {
        MatchStarts starts = MatchStarts.of("^(?=x)\\b(?<!y)x$");
        assertThat(starts.fits("x", 0)).isTrue();
        assertThat(starts.fits("y", 0)).isFalse();
    }

    @Test
    void aClassBeyondAsciiEndsThePathItMightTakeTwoUnitsOf() {
        MatchStarts starts = MatchStarts.of("a[^b]c");
        assertThat(starts.fits("a😀c", 0)).isTrue();
        assertThat(starts.paths()).allSatisfy(path -> assertThat(path).hasSize(2));
    }

    @ParameterizedTest
    @ValueSource(strings = {".*x", "\\Gx", "(?x)a b", "(?u)k", "(?U)\\w", "\\X", "\\p{L}x", "[a&&b]", "[^a[b]]",
        "(?s).", "😀", "(?:a|.)", "\\R", "\\N{LATIN SMALL LETTER A}"})
    void whatIsNotUnderstoodOrStartsAnywhereMeansEveryPosition(String regex) {
        assertThat(MatchStarts.of(regex).anywhere()).isTrue();
        assertThat(MatchStarts.of(regex).fits("anything", 3)).isTrue();
    }

    @Test
    void manyAlternativesAreMergedNotDropped() {
        List<String> words = new ArrayList<>();
        for (char a = 'a'; a <= 'h'; a++) {
            for (char b = 'a'; b <= 'h'; b++) {
                words.add("" + a + b + "zz");
            }
        }
        MatchStarts starts = MatchStarts.of(String.join("|", words));
        assertThat(starts.paths().size()).isLessThanOrEqualTo(32);
        for (String word : words) {
            assertThat(starts.fits(word, 0)).as(word).isTrue();
        }
        assertThat(starts.fits("azzq", 0)).isFalse();
    }

    @Test
    void aGraphemeBoundaryIsRejectedWhenThePolicyIsLoaded() {
        assertThatThrownBy(() -> new RedactingOutboundFilter(List.of(
                QualitativeRestriction.of("graphemes", List.of("\\b{g}a|b")))))
                .isInstanceOfSatisfying(PolicyValidationException.class, e -> assertThat(e.violations())
                        .singleElement().satisfies(v -> {
                            assertThat(v.pointer()).isEqualTo("/restrictions/0/patterns/0");
                            assertThat(v.message()).contains("\\b{g}");
                        }));
        assertThat(new RedactingOutboundFilter(List.of(QualitativeRestriction.of("escaped", List.of("\\\\b{2}")))))
                .as("an escaped backslash before b{2} is no grapheme boundary").isNotNull();
    }
}
