package dev.keel.reading;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.Decision;
import dev.keel.core.content.Part;
import dev.keel.core.text.NormalizedText;
import dev.keel.policy.PartialKinds;
import dev.keel.policy.Recogniser;
import dev.keel.policy.RestrictionSet;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.IntFunction;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The outbound filter's work under PARTIAL grows linearly with the text, whatever the text holds. Work is counted,
 * not timed: {@link Steps} counts the scanner's token reads, its comparisons of words with number stems, and the
 * characters and findings the redaction visits. For each family of adversarial texts (those that made the former
 * scanner quadratic among them: "1," or "one " repeated took minutes at 200 KB), doubling the text at most about
 * doubles the steps.
 */
class FilterLinearityTest {

    private static final int[] SIZES = {10_000, 20_000, 40_000, 80_000};
    // Linear work doubles; n log n would give a little more; quadratic work gives four.
    private static final double MAX_RATIO = 2.3;
    private static final long[] SEEDS = {20250611L, 7L, 424242L};

    private static final RedactingOutboundFilter FILTER = (RedactingOutboundFilter) OutboundFilter.create(List.of(
            RestrictionSet.named(RestrictionSet.CREDENTIALS).orElseThrow().restriction("credentials")));

    // A host's kind, withheld, and identifiers kept: host spans and kept spans go through the redaction too.
    private static final RedactingOutboundFilter WITH_HOST_KIND = ((RedactingOutboundFilter) OutboundFilter.builder()
            .recogniser(new AccountNumbers()).build())
            .withKinds(PartialKinds.defaults().with(List.of("account"), List.of("identifiers")));

    /** A host recogniser: "acct" and digits, on RE2/J. */
    private static final class AccountNumbers implements Recogniser {
        private static final com.google.re2j.Pattern ACCOUNT = com.google.re2j.Pattern.compile("(?i)acct[ -]?[0-9]+");

        @Override
        public String kind() {
            return "account";
        }

        @Override
        public void find(NormalizedText text, Spans spans) {
            com.google.re2j.Matcher matcher = ACCOUNT.matcher(text.text());
            while (matcher.find()) {
                spans.span(matcher.start(), matcher.end());
            }
        }

        @Override
        public int longestMatch() {
            return 32;
        }
    }

    /** Pieces the random texts are made of: each one a start of some construct that repeats or chains. */
    private static final String[] PIECES = {"1", "12", "2025", ",", ".", "-", "–", "/", " ", " ", "one", "twenty",
        "twenty-one", "hundred", "and", "third", "first", "quarter", "half", "week", "weeks", "wk.", "w", "cw", "Q",
        "q", "H", "FY", "to", "or", "of", "the", "March", "may", "in", "%", "percent", "per", "cent", "$", "€",
        "EUR", "million", "k", "I", "IV", "XIII", "year", "&#56;", "&half;", "\u200b", "\u0301", "б", "٣", "tenthree"};

    static Stream<Arguments> families() {
        List<Arguments> families = new ArrayList<>();
        for (String unit : new String[] {"1,", "one ", "twenty-one ", "twenty-one-", "one hundred and ", "1.2.3.4.",
            "1'2’3.", "Q1 Q2 ", "Q1-Q2-", "q1 to q", "H1-H2-", "FY25 Q1-Q2-", "week 1 week 2 ", "week 1 to week 2 to ",
            "weeks 1-2-3-", "W1-W2-", "cw1/cw2/", "1 ", "1 2 3 ", "14 March 2025, ", "2025-03-14 ",
            "March 3rd to 4th, ", "the third of May ", "12% ", "12-13% ", "1.5 to 2.5 percent, ", "$1-$2-",
            "EUR 1,000,000 ", "quarter I-II-III-IV-", "year IV year V ", "week XIII to XIV to ", "quarter one to two to ",
            "&#56;", "&#x38;&half;", "&amp;", "a", "aб", "tenthree", "oneoneonex", "a1", "1\u0301", "first second ",
            "- ", "sk-", "AKIA", "-----BEGIN RSA PRIVATE KEY-----\\n"}) {
            families.add(Arguments.of(describe(unit), (IntFunction<String>) size -> repeated(unit, size)));
        }
        // Many starts reaching one long run: number words before an ordinal and a run of hyphens and spaces, and
        // the same findings all ending at one run of invisible characters.
        families.add(Arguments.of("twenty... third - - - ...", (IntFunction<String>) size ->
                repeated("twenty ", size / 2) + "third" + repeated(" -", size - size / 2 - 5)));
        families.add(Arguments.of("one one ... then zero-width spaces", (IntFunction<String>) size ->
                repeated("one ", size / 2) + repeated("\u200b", size - size / 2)));
        families.add(Arguments.of("1,2,3,... counting", (IntFunction<String>) FilterLinearityTest::counting));
        for (long seed : SEEDS) {
            families.add(Arguments.of("random pieces, seed " + seed, (IntFunction<String>) size -> random(seed, size)));
        }
        return families.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("families")
    void doublingTheTextAtMostDoublesTheWork(String family, IntFunction<String> text) {
        long[] steps = new long[SIZES.length];
        for (int i = 0; i < SIZES.length; i++) {
            Steps counted = new Steps();
            FILTER.apply(Decision.PARTIAL, text.apply(SIZES[i]), counted);
            steps[i] = counted.count();
        }
        assertThat(steps[0]).as("%s: the steps are counted", family).isPositive();
        for (int i = 1; i < SIZES.length; i++) {
            assertThat((double) steps[i] / steps[i - 1])
                    .as("%s: steps %s for %s characters", family, java.util.Arrays.toString(steps),
                            java.util.Arrays.toString(SIZES))
                    .isLessThanOrEqualTo(MAX_RATIO);
        }
    }

    /** With a host's kind withheld and identifiers kept, the families stay linear. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("hostFamilies")
    void withAHostKindDoublingTheTextAtMostDoublesTheWork(String family, IntFunction<String> text) {
        long[] steps = new long[SIZES.length];
        for (int i = 0; i < SIZES.length; i++) {
            Steps counted = new Steps();
            WITH_HOST_KIND.apply(Decision.PARTIAL, text.apply(SIZES[i]), counted);
            steps[i] = counted.count();
        }
        for (int i = 1; i < SIZES.length; i++) {
            assertThat((double) steps[i] / steps[i - 1])
                    .as("%s: steps %s for %s characters", family, java.util.Arrays.toString(steps),
                            java.util.Arrays.toString(SIZES))
                    .isLessThanOrEqualTo(MAX_RATIO);
        }
    }

    static Stream<Arguments> hostFamilies() {
        List<Arguments> families = new ArrayList<>();
        for (String unit : new String[] {"acct 1", "acct-12 L-1 ", "L-1-2-3-", "B52", "$1,2,3,", "1,"}) {
            families.add(Arguments.of(describe(unit), (IntFunction<String>) size -> repeated(unit, size)));
        }
        families.add(Arguments.of("random pieces, seed " + SEEDS[0], (IntFunction<String>) size -> random(SEEDS[0], size)));
        return families.stream();
    }

    /**
     * Parts of each kind, built to the size given: Markdown whose reading maps back through emphasis, comments, tags,
     * code spans, links and HTML blocks; escapes and runs of backslashes; JSON with many strings, numbers and names
     * that all become the same name once filtered.
     */
    static Stream<Arguments> partFamilies() {
        List<Arguments> families = new ArrayList<>();
        for (String unit : new String[] {"**fo**rty ", "fo<!-- -->rty ", "for<b></b>ty ", "sev*en*ty ", "***a*b**c ",
            "`one` ", "[fo](https://x.example/q3 \"t\")rty ", "![a](b) ", "<div>one</div>\n\n", "&amp;fifty ",
            "\\*one\\* ", "1. one\n", "> one\n", "[r]: /q3\n[fo][r]rty\n", "one\n  \n"}) {
            families.add(Arguments.of("markdown " + describe(unit),
                    (IntFunction<Part>) size -> Part.markdown(repeated(unit, size))));
        }
        for (String unit : new String[] {"\\nforty ", "\\u0066orty ", "\\\\\\\\n", "\\", "\\u00"}) {
            families.add(Arguments.of("text " + describe(unit), (IntFunction<Part>) size -> Part.text(repeated(unit, size))));
        }
        families.add(Arguments.of("json strings and numbers", (IntFunction<Part>) size -> Part.json(
                IntStream.range(0, size / 8).mapToObj(i -> i % 2 == 0 ? (Object) i : "one two").toList())));
        families.add(Arguments.of("json names all filtered alike", (IntFunction<Part>) size -> {
            Map<String, Object> object = new LinkedHashMap<>();
            for (int i = 0; object.size() < size / 8; i++) {
                object.put("q" + (i % 4 + 1) + " " + i, i);
            }
            return Part.json(object);
        }));
        return families.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("partFamilies")
    void doublingAPartAtMostDoublesTheWork(String family, IntFunction<Part> part) {
        long[] steps = new long[SIZES.length];
        for (int i = 0; i < SIZES.length; i++) {
            Steps counted = new Steps();
            FILTER.apply(Decision.PARTIAL, part.apply(SIZES[i]), counted);
            steps[i] = counted.count();
        }
        assertThat(steps[0]).as("%s: the steps are counted", family).isPositive();
        for (int i = 1; i < SIZES.length; i++) {
            assertThat((double) steps[i] / steps[i - 1])
                    .as("%s: steps %s for %s characters", family, java.util.Arrays.toString(steps),
                            java.util.Arrays.toString(SIZES))
                    .isLessThanOrEqualTo(MAX_RATIO);
        }
    }

    /** The texts that took minutes are read at 200 KB, and what PARTIAL promises holds of the output. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("families")
    @Timeout(60)
    void twoHundredKilobytesAreFiltered(String family, IntFunction<String> text) {
        FilteredText filtered = FILTER.apply(Decision.PARTIAL, text.apply(200 * 1024));

        assertThat(filtered.text().codePoints().noneMatch(cp -> Character.isDigit(cp) || Token.isNumeric(cp)))
                .as("%s: no digit left", family).isTrue();
    }

    /** One letter with a million combining marks: the normaliser reorders marks a bounded run at a time. */
    @org.junit.jupiter.api.Test
    @Timeout(60)
    void aMillionCombiningMarksOnOneLetterAreFiltered() {
        String text = "8" + repeated("\u0301\u0316", 1_000_000);

        FilteredText filtered = FILTER.apply(Decision.PARTIAL, text);

        assertThat(filtered.text()).isEqualTo("[figure withheld]");
    }

    private static String repeated(String unit, int size) {
        StringBuilder text = new StringBuilder(size + unit.length());
        while (text.length() < size) {
            text.append(unit);
        }
        return text.substring(0, size);
    }

    private static String counting(int size) {
        StringBuilder text = new StringBuilder(size + 8);
        for (int i = 1; text.length() < size; i++) {
            text.append(i).append(i % 3 == 0 ? ", " : ",");
        }
        return text.substring(0, size);
    }

    private static String random(long seed, int size) {
        Random random = new Random(seed);
        StringBuilder text = new StringBuilder(size + 16);
        while (text.length() < size) {
            text.append(PIECES[random.nextInt(PIECES.length)]);
        }
        return text.substring(0, size);
    }

    private static String describe(String unit) {
        return "\"" + unit.replace("\u200b", "\\u200b").replace("\u0301", "\\u0301") + "\" repeated";
    }
}
