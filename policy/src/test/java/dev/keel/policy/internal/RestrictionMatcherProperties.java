package dev.keel.policy.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * {@link RestrictionMatcher} must find exactly what a plain {@code find()} loop finds, for any pattern Java
 * accepts: the start filter may only skip positions where no match starts.
 */
class RestrictionMatcherProperties {

    private static final String[] ATOMS = {"a", "b", "A", "é", " ", "-", "1", "\\.", "\\-", "\\\\", "_", ":", "x",
        "[a-c]", "[^ab]", "[A-Z]", "[\\w&]", "[^.;]", "[a-zé]", "[]a]", "[^]a]", "[-a]", "[a-]", "[\\d\\s]",
        "[\\x41-\\x43]", "[\\u00e9]", "[\\t ]", "[a-c[x-z]]", "[a&&b]", "[^\\D]", "[\\p{L}]", "[^\\p{L}]",
        "\\d", "\\s", "\\w", "\\W", "\\S", "\\D", "\\h", "\\H", "\\v", "\\V", "\\p{L}", "\\P{Lu}", "\\pL", "\\R", "\\X",
        "^", "$", "\\b", "\\B", "\\A", "\\z", "\\Z", "\\G", ".", "\\x41", "\\u0061", "\\0141", "\\t", "\\n", "\\cA",
        "\\Qa.b\\E", "\\Q\\E", "\\1", "\\k<n>", "(?i)", "(?-i)", "(?s)", "(?m)", "(?x)", "(?u)", "(?iu)", "\\b{g}"};
    private static final String[] OPENERS = {"(", "(?:", "(?i:", "(?-i:", "(?=", "(?!", "(?<=", "(?<!", "(?>",
        "(?<n>", "(?s:"};
    private static final String[] QUANTIFIERS = {"*", "+", "?", "{2}", "{0,2}", "{1,}", "{3,5}", "*?", "+?", "??",
        "*+", "{1,3}?", "{0}"};

    @Property(tries = 3000)
    void findsWhatFindFinds(@ForAll("regexes") String regex, @ForAll("texts") String text) {
        assertSameMatches(regex, text);
    }

    @Property(tries = 1000)
    void neverThrowsOnAnyPatternJavaAccepts(@ForAll String regex, @ForAll("texts") String text) {
        assertSameMatches(regex, text);
    }

    @Property(tries = 500)
    void marpRestrictionsFindWhatFindFinds(@ForAll("marpTexts") String text) {
        for (String regex : MARP) {
            assertSameMatches(regex, text);
        }
    }

    static final List<String> MARP = List.of(
            "(?i)\\b(?:of\\s+)?(?:hull|boat|unit|vessel|pennant)\\s+(?:no\\.?\\s*|number\\s+|#\\s*)?[A-Z]{0,4}-?\\d{1,4}[A-Z]?\\b",
            "\\b[A-Z]{1,4}-\\d{2,4}[A-Z]?\\b",
            "(?i:of which)\\s+[^.;]*?\\b(?i:vendor|supplier|contractor)s?\\b[^.;]*",
            "(?i)\\b(?:broken down|breakdown|split)\\s+by\\s+(?:vendor|supplier|contractor)s?\\b[^.\\n]*",
            "\\b(?i:vendor|supplier|contractor)s?\\s*:?\\s+[A-Z][\\w&-]*(?:\\s+[A-Z][\\w&-]*)*");

    private static void assertSameMatches(String regex, String text) {
        // JDK 17's \b{g} can throw inside find() itself; policies reject it (RegularExpressionValidator).
        Assume.that(!regex.contains("\\b{g}"));
        Pattern pattern;
        try {
            pattern = Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            Assume.that(false);
            return;
        }
        List<int[]> expected = new ArrayList<>();
        Matcher plain = pattern.matcher(text);
        while (plain.find()) {
            if (plain.end() > plain.start()) {
                expected.add(new int[] {plain.start(), plain.end()});
            }
        }
        List<int[]> actual = new ArrayList<>();
        new RestrictionMatcher(List.of(regex)).find(text, (p, start, end) -> actual.add(new int[] {start, end}));
        assertThat(actual).as("%s on %s (starts %s)", regex, text, MatchStarts.of(regex))
                .usingElementComparator((x, y) -> x[0] == y[0] && x[1] == y[1] ? 0 : 1)
                .containsExactlyElementsOf(expected);
    }

    /** Patterns with one level of quantified groups at most: deeper nesting can backtrack for ever. */
    @Provide
    Arbitrary<String> regexes() {
        return Arbitraries.lazyOf(
                this::unquantifiedGroups,
                () -> Combinators.combine(regexes(), regexes()).as(String::concat),
                () -> Combinators.combine(unquantifiedGroups(), Arbitraries.of(QUANTIFIERS))
                        .as((r, q) -> "(?:" + r + ")" + q));
    }

    private Arbitrary<String> unquantifiedGroups() {
        Arbitrary<String> quantifiedAtom = Combinators.combine(Arbitraries.of(ATOMS), Arbitraries.of(QUANTIFIERS))
                .as(String::concat);
        return Arbitraries.lazyOf(
                () -> Arbitraries.of(ATOMS),
                () -> Arbitraries.of(ATOMS),
                () -> quantifiedAtom,
                () -> Combinators.combine(unquantifiedGroups(), unquantifiedGroups()).as(String::concat),
                () -> Combinators.combine(unquantifiedGroups(), unquantifiedGroups()).as((a, b) -> a + "|" + b),
                () -> Combinators.combine(Arbitraries.of(OPENERS), unquantifiedGroups())
                        .as((open, r) -> open + r + ")"));
    }

    @Provide
    Arbitrary<String> texts() {
        Arbitrary<String> pieces = Arbitraries.oneOf(
                Arbitraries.strings().withChars("abcxAB é-.;:_\\ \n\t19\u00a0&]").ofMaxLength(6),
                Arbitraries.of("😀", "a😀b", "\u0301", "K", "ſ", "hull 12", "SSN-774", "vendor: Acme", "\r\n"),
                Arbitraries.strings().all().ofMaxLength(3));
        return pieces.list().ofMaxSize(8).map(parts -> String.join("", parts));
    }

    @Provide
    Arbitrary<String> marpTexts() {
        Arbitrary<String> words = Arbitraries.of("hull", "Hull", "boat", "of", "which", "vendor", "Vendors",
                "supplier", "split", "by", "broken", "down", "breakdown", "no.", "number", "#", "SSN-774", "A-12",
                "12", "774", "Acme", "Marine", "Northern", "Yards", "40%", ".", ";", ",", ":", "the", "unit", "UNIT",
                "vessel", "pennant", "F-35B", "x", "\n", "é", "😀");
        Arbitrary<String> separators = Arbitraries.of(" ", " ", "", "-", "\n", "  ");
        return Combinators.combine(words, separators).as(String::concat).list().ofMaxSize(30)
                .map(parts -> String.join("", parts));
    }
}
