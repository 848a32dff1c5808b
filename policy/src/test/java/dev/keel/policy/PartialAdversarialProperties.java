package dev.keel.policy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.Decision;
import dev.keel.core.text.NormalizedText;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Attacks on PARTIAL, generated rather than listed: figures in every form the documentation names (digits of every
 * decimal-digit script, full-width, spelled, run together, with endings, ordinals, fractions, Roman numerals after a
 * unit word), disguised character by character (full-width letters, character references, default-ignorable code
 * points and combining marks between the characters), embedded in prose. None may survive: the output is checked
 * after the same normalisation, so that nothing can hide behind invisible characters.
 */
class PartialAdversarialProperties {

    private static final OutboundFilter FILTER = OutboundFilter.create(MarpFixtures.policy());

    /** Prose with no number word, ordinal, fraction word or Roman numeral in it, not even inside a word. */
    private static final List<String> PROSE = List.of("the", "boats", "dock", "plan", "capability", "crew", "spares",
            "budget", "threshold", "is", "we", "keep", "stays", "above", "below", "with", "for", "and", "level",
            "steady", "while", "retire", "calendar", "in", "by", "during", "refit", "yards", "margin", "risk", "high",
            "low", "berth", "work", "rises", "falls", "across", "phase", ",", ".", ";", "(", ")", ":");
    private static final Pattern PLACEHOLDER = Pattern.compile(
            "\\[(?:figure|date|quarter|period|week|percentage|amount|unit|vendor detail) withheld]");
    private static final Pattern LETTERS = Pattern.compile("\\p{L}+");

    private static final String[] ONES = {"zero", "one", "two", "three", "four", "five", "six", "seven", "eight",
        "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
        "nineteen"};
    private static final String[] TENS = {"", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty",
        "ninety"};
    private static final String[] ORDINAL_ONES = {"zeroth", "first", "second", "third", "fourth", "fifth", "sixth",
        "seventh", "eighth", "ninth", "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth",
        "sixteenth", "seventeenth", "eighteenth", "nineteenth"};
    private static final String[] ORDINAL_TENS = {"", "", "twentieth", "thirtieth", "fortieth", "fiftieth", "sixtieth",
        "seventieth", "eightieth", "ninetieth"};
    /** The zero of every decimal-digit script Java knows; each is followed by the nine other digits. */
    private static final List<Integer> ZEROS = IntStream.rangeClosed(0, Character.MAX_CODE_POINT)
            .filter(cp -> Character.getType(cp) == Character.DECIMAL_DIGIT_NUMBER && Character.getNumericValue(cp) == 0)
            .boxed().toList();
    private static final List<Integer> DEFAULT_IGNORABLES = IntStream.rangeClosed(0, Character.MAX_CODE_POINT)
            .filter(NormalizedText::isDefaultIgnorable).boxed().toList();
    /** The invisible characters most used to split a word, listed here rather than taken from the code under test. */
    private static final List<Integer> SPLITTERS = List.of(0xAD, 0x34F, 0x180E, 0x200B, 0x200C, 0x200D, 0x2060, 0x2063,
            0xFEFF, 0xFE0F, 0x3164, 0xFFA0, 0xE0041);
    /** What the check removes on its own before reading words, so that it does not share a blind spot with the filter. */
    private static final Pattern INVISIBLE = Pattern.compile("[\\p{Cf}\\p{M}\\x{115F}\\x{1160}\\x{3164}\\x{FFA0}]");

    /**
     * A figure as written, and what gives it away if it survives: words (lower case) no word of the output may
     * contain, and Roman numerals no word of the output may be.
     */
    record Figure(String text, Set<String> words, Set<String> numerals) {

        static Figure of(String text, String... words) {
            return new Figure(text, Set.of(words), Set.of());
        }
    }

    /** A text to filter, and everything in it that must not get through. */
    record Attack(String text, Set<String> words, Set<String> numerals) {
    }

    @Property(tries = 1500)
    void noFigureSurvivesPartialHoweverItIsWritten(@ForAll("attacks") Attack attack) {
        String output = FILTER.apply(Decision.PARTIAL, attack.text()).text();

        String seen = NormalizedText.ofMarkup(PLACEHOLDER.matcher(output).replaceAll(" ")).text();
        assertThat(seen.codePoints().filter(cp -> Character.getType(cp) == Character.DECIMAL_DIGIT_NUMBER
                || Character.getType(cp) == Character.LETTER_NUMBER || Character.getType(cp) == Character.OTHER_NUMBER))
                .as("numeric characters left in %s", output).isEmpty();
        for (String word : words(seen)) {
            assertThat(attack.words()).as("the word %s left in %s", word, output).noneMatch(word::contains);
            assertThat(attack.numerals()).as("the numeral %s left in %s", word, output).doesNotContain(word);
        }
    }

    @Property(tries = 500)
    void redactionsAreInOrderApartAndAccountForTheOutput(@ForAll("attacks") Attack attack, @ForAll Decision decision) {
        String text = attack.text();
        FilteredText filtered = FILTER.apply(decision, text);

        StringBuilder rebuilt = new StringBuilder();
        int copied = 0;
        for (Redaction redaction : filtered.redactions()) {
            assertThat(redaction.start()).isGreaterThanOrEqualTo(copied).isLessThan(redaction.end());
            assertThat(redaction.end()).isLessThanOrEqualTo(text.length());
            assertThat(text.substring(redaction.start(), redaction.end())).isEqualTo(redaction.removed());
            rebuilt.append(text, copied, redaction.start()).append(redaction.replacement());
            copied = redaction.end();
        }
        rebuilt.append(text, copied, text.length());
        assertThat(filtered.text()).isEqualTo(decision == Decision.DENY ? "" : rebuilt.toString());
    }

    @Property(tries = 500)
    void filteringTwiceWithholdsNothingMore(@ForAll("attacks") Attack attack) {
        String once = FILTER.apply(Decision.PARTIAL, attack.text()).text();

        assertThat(FILTER.apply(Decision.PARTIAL, once).text()).isEqualTo(once);
    }

    @Property(tries = 1000)
    void filteringNeverThrowsOnDisguisedNoise(@ForAll("noise") String text, @ForAll Decision decision) {
        assertThat(FILTER.apply(decision, text).decision()).isEqualTo(decision);
    }

    /** The restriction patterns read the normalised text too: a disguised unit number is still a unit number. */
    @Property(tries = 500)
    void restrictionsSeeThroughDisguisesToo(@ForAll("disguisedUnits") String unit) {
        FilteredText filtered = FILTER.apply(Decision.ALLOW, "We retire " + unit + " first.");

        assertThat(filtered.text()).isEqualTo("We retire [unit withheld] first.");
    }

    // ---- figures ----

    @Provide
    Arbitrary<Attack> attacks() {
        Arbitrary<List<String>> prose = Arbitraries.of(PROSE).list().ofMaxSize(6);
        Arbitrary<Figure> figure = Arbitraries.oneOf(digits(), spelledNumbers(), ordinals(), fractions(),
                valuesAfterUnits()).flatMap(this::disguised);
        return Combinators.combine(prose, figure.list().ofMinSize(1).ofMaxSize(4), prose).as((before, figures, after) -> {
            List<String> parts = new ArrayList<>(before);
            Set<String> words = new HashSet<>();
            Set<String> numerals = new HashSet<>();
            for (Figure f : figures) {
                parts.add(f.text());
                parts.addAll(after.subList(0, Math.min(after.size(), 2)));
                words.addAll(f.words());
                numerals.addAll(f.numerals());
            }
            return new Attack(String.join(" ", parts), words, numerals);
        });
    }

    /** Numbers in the digits of any decimal-digit script, plain, with separators, as ordinals or percentages. */
    private Arbitrary<Figure> digits() {
        Arbitrary<String> number = Combinators.combine(Arbitraries.integers().between(0, 99_999), Arbitraries.of(ZEROS))
                .as((n, zero) -> String.valueOf(n).chars().map(d -> zero + d - '0')
                        .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString());
        return Combinators.combine(number, Arbitraries.of("", "", "st", "th", "%", ".5", ",000", " percent", "k"))
                .as((n, after) -> Figure.of(n + after));
    }

    /** 0 to 999 in words: hyphenated, spaced or run together, sometimes with an ending. "one" alone is no figure. */
    private Arbitrary<Figure> spelledNumbers() {
        return Combinators.combine(Arbitraries.integers().between(0, 999).filter(n -> n != 1),
                Arbitraries.of("-", " ", ""), Arbitraries.of("", "", "", "ish", "s", "fold")).as((n, join, ending) -> {
                    String words = spelled(n, join);
                    return Figure.of(join.isEmpty() ? words + ending : words, stems(words));
                });
    }

    private static String spelled(int n, String join) {
        if (n < 20) {
            return ONES[n];
        }
        if (n < 100) {
            return TENS[n / 10] + (n % 10 == 0 ? "" : join + ONES[n % 10]);
        }
        String hundreds = ONES[n / 100] + (join.isEmpty() ? "" : " ") + "hundred";
        return n % 100 == 0 ? hundreds : hundreds + (join.isEmpty() ? "and" : " and ") + spelled(n % 100, join);
    }

    /** Ordinals from third to ninety-ninth, as words, hyphenated, spaced or run together. */
    private Arbitrary<Figure> ordinals() {
        return Combinators.combine(Arbitraries.integers().between(3, 99), Arbitraries.of("-", " ", "")).as((n, join) -> {
            String words = n < 20 ? ORDINAL_ONES[n]
                    : n % 10 == 0 ? ORDINAL_TENS[n / 10] : TENS[n / 10] + join + ORDINAL_ONES[n % 10];
            return Figure.of(words, stems(words));
        });
    }

    private Arbitrary<Figure> fractions() {
        return Arbitraries.of(
                Figure.of("half", "half"), Figure.of("halves", "halves"), Figure.of("one half", "one", "half"),
                Figure.of("one third of", "one", "third"), Figure.of("two-thirds", "two", "third"),
                Figure.of("a quarter of", "quarter"), Figure.of("three quarters", "three", "quarter"),
                Figure.of("one-fifth", "one", "fifth"), Figure.of("½ of"), Figure.of("&half; of"),
                Figure.of("&frac34;"), Figure.of("⅔"));
    }

    /** After a week, quarter or year word: a Roman numeral (not I, the pronoun's look-alike), or "one". */
    private Arbitrary<Figure> valuesAfterUnits() {
        Arbitrary<String> unit = Arbitraries.of("week", "Week", "weeks", "calendar week", "quarter", "Quarter", "Q",
                "year", "Year", "wk");
        Arbitrary<Figure> roman = Combinators.combine(Arbitraries.integers().between(2, 49), Arbitraries.of(true, false))
                .as((n, upper) -> {
                    String numeral = roman(n);
                    return new Figure(upper ? numeral : numeral.toLowerCase(Locale.ROOT), Set.of(),
                            Set.of(numeral.toLowerCase(Locale.ROOT)));
                });
        Arbitrary<Figure> value = Arbitraries.oneOf(roman, Arbitraries.just(Figure.of("one", "one")));
        return Combinators.combine(unit, value).as((u, v) -> new Figure(u + " " + v.text(), v.words(), v.numerals()));
    }

    private static String roman(int n) {
        String[] tens = {"", "X", "XX", "XXX", "XL"};
        String[] ones = {"", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX"};
        return tens[n / 10] + ones[n % 10];
    }

    private static String[] stems(String words) {
        Set<String> stems = new HashSet<>();
        for (String stem : List.of(ONES)) {
            addIfIn(words, stem, stems);
        }
        for (String stem : List.of(TENS)) {
            addIfIn(words, stem, stems);
        }
        for (String stem : List.of(ORDINAL_ONES)) {
            addIfIn(words, stem, stems);
        }
        for (String stem : List.of(ORDINAL_TENS)) {
            addIfIn(words, stem, stems);
        }
        addIfIn(words, "hundred", stems);
        return stems.toArray(String[]::new);
    }

    private static void addIfIn(String words, String stem, Set<String> stems) {
        if (!stem.isEmpty() && words.contains(stem)) {
            stems.add(stem);
        }
    }

    // ---- disguises ----

    /** The figure with each character possibly disguised, and invisible or combining characters between them. */
    private Arbitrary<Figure> disguised(Figure figure) {
        int[] characters = figure.text().codePoints().toArray();
        Arbitrary<String> pieces = Combinators.combine(
                        Arbitraries.integers().between(0, 5).list().ofSize(characters.length),
                        betweens().list().ofSize(characters.length))
                .as((forms, between) -> {
                    StringBuilder text = new StringBuilder();
                    for (int i = 0; i < characters.length; i++) {
                        boolean digitNext = i + 1 < characters.length && characters[i + 1] >= '0' && characters[i + 1] <= '9';
                        text.append(disguise(characters[i], forms.get(i), digitNext));
                        if (i + 1 < characters.length && !isReferenceSyntax(figure.text())) {
                            text.append(between.get(i));
                        }
                    }
                    return text.toString();
                });
        return pieces.map(text -> new Figure(text, figure.words(), figure.numerals()));
    }

    private static boolean isReferenceSyntax(String text) {
        return text.contains("&");
    }

    /** Between two characters: nothing, a default-ignorable code point, or a combining mark. */
    private Arbitrary<String> betweens() {
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(5, Arbitraries.just("")),
                net.jqwik.api.Tuple.of(1, Arbitraries.of(DEFAULT_IGNORABLES).map(Character::toString)),
                net.jqwik.api.Tuple.of(1, Arbitraries.of(SPLITTERS).map(Character::toString)),
                net.jqwik.api.Tuple.of(2, Arbitraries.integers().between(0x300, 0x36F).map(Character::toString)));
    }

    /** One character as written: itself, full-width, or a decimal, hexadecimal or named character reference. */
    private static String disguise(int cp, int form, boolean digitNext) {
        boolean asciiLetterOrDigit = cp < 0x80 && Character.isLetterOrDigit(cp);
        switch (form) {
            case 1:
                return asciiLetterOrDigit ? Character.toString(cp - 0x21 + 0xFF01) : Character.toString(cp);
            case 2:
                return "&#" + cp + (digitNext ? ";" : "");
            case 3:
                return "&#x" + Integer.toHexString(cp) + ";";
            case 4:
                return cp < 0x80 && Character.isLetter(cp) ? "&" + (char) cp + "opf;" : Character.toString(cp);
            default:
                return Character.toString(cp);
        }
    }

    @Provide
    Arbitrary<String> disguisedUnits() {
        Arbitrary<String> unit = Combinators.combine(Arbitraries.of("hull", "Hull", "boat", "pennant"),
                Arbitraries.integers().between(1, 9999)).as((word, n) -> word + " " + n);
        return unit.flatMap(text -> disguised(Figure.of(text))).map(Figure::text);
    }

    @Provide
    Arbitrary<String> noise() {
        Arbitrary<String> pieces = Arbitraries.oneOf(
                Arbitraries.strings().all().ofMaxLength(4),
                Arbitraries.of(DEFAULT_IGNORABLES).map(Character::toString),
                Arbitraries.integers().between(0x300, 0x36F).map(Character::toString),
                Arbitraries.of("&#", "&#x", "&#56", "&#x1F600;", "&#99999999;", "&half", "&eopf;", "&", ";", "\ud800",
                        "\udc00", "week", "XIII", "Q", "one", "third", "-", "May", "in", " "),
                attacks().map(Attack::text));
        return pieces.list().ofMaxSize(10).map(parts -> String.join("", parts));
    }

    private static List<String> words(String text) {
        String decomposed = Normalizer.normalize(text, Normalizer.Form.NFKD);
        String folded = INVISIBLE.matcher(decomposed).replaceAll("").toLowerCase(Locale.ROOT);
        return LETTERS.matcher(folded).results().map(m -> m.group()).collect(Collectors.toList());
    }
}
