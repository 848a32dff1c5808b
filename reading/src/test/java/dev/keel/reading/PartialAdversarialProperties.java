package dev.keel.reading;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.Decision;
import dev.keel.core.text.NormalizedText;
import dev.keel.policy.MarpFixtures;
import dev.keel.policy.Redaction;
import dev.keel.test.properties.Gen;
import dev.keel.test.properties.Property;
import dev.keel.test.properties.Weighted;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Attacks on PARTIAL, generated rather than listed: figures in every form the documentation names (digits of every
 * decimal-digit script, full-width, spelled, run together, with endings, ordinals, fractions, Roman numerals after a
 * unit word), disguised character by character (full-width letters, character references, default-ignorable code
 * points and combining marks between the characters), embedded in prose. None may survive: the output is checked
 * after the same normalisation, so that nothing can hide behind invisible characters.
 */
class PartialAdversarialProperties {

    private static final OutboundFilter FILTER = OutboundFilter.create(MarpFixtures.policy());
    private static final Gen<Decision> DECISIONS = Gen.of(Decision.values());

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

    @Test
    void noFigureSurvivesPartialHoweverItIsWritten() {
        Property.forAll(attacks()).tries(1500).check(attack -> {
            String output = FILTER.apply(Decision.PARTIAL, attack.text()).text();

            String seen = NormalizedText.ofMarkup(PLACEHOLDER.matcher(output).replaceAll(" ")).text();
            assertThat(seen.codePoints().filter(cp -> Character.getType(cp) == Character.DECIMAL_DIGIT_NUMBER
                    || Character.getType(cp) == Character.LETTER_NUMBER
                    || Character.getType(cp) == Character.OTHER_NUMBER))
                    .as("numeric characters left in %s", output).isEmpty();
            for (String word : words(seen)) {
                assertThat(attack.words()).as("the word %s left in %s", word, output).noneMatch(word::contains);
                assertThat(attack.numerals()).as("the numeral %s left in %s", word, output).doesNotContain(word);
            }
        });
    }

    @Test
    void redactionsAreInOrderApartAndAccountForTheOutput() {
        Property.forAll(attacks(), DECISIONS).tries(500).check((attack, decision) -> {
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
        });
    }

    @Test
    void filteringTwiceWithholdsNothingMore() {
        Property.forAll(attacks()).tries(500).check(attack -> {
            String once = FILTER.apply(Decision.PARTIAL, attack.text()).text();

            assertThat(FILTER.apply(Decision.PARTIAL, once).text()).isEqualTo(once);
        });
    }

    @Test
    void filteringNeverThrowsOnDisguisedNoise() {
        Property.forAll(noise(), DECISIONS).tries(1000)
                .check((text, decision) -> assertThat(FILTER.apply(decision, text).decision()).isEqualTo(decision));
    }

    /** The restriction patterns read the normalised text too: a disguised unit number is still a unit number. */
    @Test
    void restrictionsSeeThroughDisguisesToo() {
        Property.forAll(disguisedUnits()).tries(500).check(unit -> {
            FilteredText filtered = FILTER.apply(Decision.ALLOW, "We retire " + unit + " first.");

            assertThat(filtered.text()).isEqualTo("We retire [unit withheld] first.");
        });
    }

    // ---- figures ----

    private static Gen<Attack> attacks() {
        Gen<List<String>> prose = Gen.of(PROSE).list().ofMaxSize(6);
        Gen<Figure> figure = Gen.oneOf(digits(), spelledNumbers(), ordinals(), fractions(), valuesAfterUnits())
                .flatMap(PartialAdversarialProperties::disguised);
        Gen<List<Figure>> figures = figure.list().ofMinSize(1).ofMaxSize(4);
        return c -> {
            List<String> before = prose.generate(c);
            List<Figure> drawn = figures.generate(c);
            List<String> after = prose.generate(c);
            List<String> parts = new ArrayList<>(before);
            Set<String> words = new HashSet<>();
            Set<String> numerals = new HashSet<>();
            for (Figure f : drawn) {
                parts.add(f.text());
                parts.addAll(after.subList(0, Math.min(after.size(), 2)));
                words.addAll(f.words());
                numerals.addAll(f.numerals());
            }
            return new Attack(String.join(" ", parts), words, numerals);
        };
    }

    /** Numbers in the digits of any decimal-digit script, plain, with separators, as ordinals or percentages. */
    private static Gen<Figure> digits() {
        Gen<Integer> values = Gen.integers(0, 99_999);
        Gen<Integer> zeros = Gen.of(ZEROS);
        Gen<String> number = c -> {
            int n = values.generate(c);
            int zero = zeros.generate(c);
            return String.valueOf(n).chars().map(d -> zero + d - '0')
                    .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString();
        };
        Gen<String> endings = Gen.of("", "", "st", "th", "%", ".5", ",000", " percent", "k");
        return c -> Figure.of(number.generate(c) + endings.generate(c));
    }

    /** 0 to 999 in words: hyphenated, spaced or run together, sometimes with an ending. "one" alone is no figure. */
    private static Gen<Figure> spelledNumbers() {
        Gen<Integer> values = Gen.integers(0, 999).filter(n -> n != 1);
        Gen<String> joins = Gen.of("-", " ", "");
        Gen<String> endings = Gen.of("", "", "", "ish", "s", "fold");
        return c -> {
            int n = values.generate(c);
            String join = joins.generate(c);
            String ending = endings.generate(c);
            String words = spelled(n, join);
            return Figure.of(join.isEmpty() ? words + ending : words, stems(words));
        };
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
    private static Gen<Figure> ordinals() {
        Gen<Integer> values = Gen.integers(3, 99);
        Gen<String> joins = Gen.of("-", " ", "");
        return c -> {
            int n = values.generate(c);
            String join = joins.generate(c);
            String words = n < 20 ? ORDINAL_ONES[n]
                    : n % 10 == 0 ? ORDINAL_TENS[n / 10] : TENS[n / 10] + join + ORDINAL_ONES[n % 10];
            return Figure.of(words, stems(words));
        };
    }

    private static Gen<Figure> fractions() {
        return Gen.of(
                Figure.of("half", "half"), Figure.of("halves", "halves"), Figure.of("one half", "one", "half"),
                Figure.of("one third of", "one", "third"), Figure.of("two-thirds", "two", "third"),
                Figure.of("a quarter of", "quarter"), Figure.of("three quarters", "three", "quarter"),
                Figure.of("one-fifth", "one", "fifth"), Figure.of("½ of"), Figure.of("&half; of"),
                Figure.of("&frac34;"), Figure.of("⅔"));
    }

    /** After a week, quarter or year word: a Roman numeral (not I, the pronoun's look-alike), or "one". */
    private static Gen<Figure> valuesAfterUnits() {
        Gen<String> units = Gen.of("week", "Week", "weeks", "calendar week", "quarter", "Quarter", "Q",
                "year", "Year", "wk");
        Gen<Integer> values = Gen.integers(2, 49);
        Gen<Boolean> uppers = Gen.of(true, false);
        Gen<Figure> roman = c -> {
            String numeral = roman(values.generate(c));
            return new Figure(uppers.generate(c) ? numeral : numeral.toLowerCase(Locale.ROOT), Set.of(),
                    Set.of(numeral.toLowerCase(Locale.ROOT)));
        };
        Gen<Figure> value = Gen.oneOf(roman, Gen.just(Figure.of("one", "one")));
        return c -> {
            String unit = units.generate(c);
            Figure v = value.generate(c);
            return new Figure(unit + " " + v.text(), v.words(), v.numerals());
        };
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
    private static Gen<Figure> disguised(Figure figure) {
        int[] characters = figure.text().codePoints().toArray();
        Gen<List<Integer>> formLists = Gen.integers(0, 5).list().ofSize(characters.length);
        Gen<List<String>> betweenLists = betweens().list().ofSize(characters.length);
        Gen<String> pieces = c -> {
            List<Integer> forms = formLists.generate(c);
            List<String> between = betweenLists.generate(c);
            StringBuilder text = new StringBuilder();
            for (int i = 0; i < characters.length; i++) {
                boolean digitNext = i + 1 < characters.length && characters[i + 1] >= '0' && characters[i + 1] <= '9';
                text.append(disguise(characters[i], forms.get(i), digitNext));
                if (i + 1 < characters.length && !isReferenceSyntax(figure.text())) {
                    text.append(between.get(i));
                }
            }
            return text.toString();
        };
        return pieces.map(text -> new Figure(text, figure.words(), figure.numerals()));
    }

    private static boolean isReferenceSyntax(String text) {
        return text.contains("&");
    }

    /** Between two characters: nothing, a default-ignorable code point, or a combining mark. */
    private static Gen<String> betweens() {
        return Gen.frequency(
                Weighted.of(5, Gen.just("")),
                Weighted.of(1, Gen.of(DEFAULT_IGNORABLES).map(Character::toString)),
                Weighted.of(1, Gen.of(SPLITTERS).map(Character::toString)),
                Weighted.of(2, Gen.integers(0x300, 0x36F).map(Character::toString)));
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

    private static Gen<String> disguisedUnits() {
        Gen<String> words = Gen.of("hull", "Hull", "boat", "pennant");
        Gen<Integer> numbers = Gen.integers(1, 9999);
        Gen<String> unit = c -> words.generate(c) + " " + numbers.generate(c);
        return unit.flatMap(text -> disguised(Figure.of(text))).map(Figure::text);
    }

    private static Gen<String> noise() {
        Gen<String> pieces = Gen.oneOf(
                Gen.strings().all().ofMaxLength(4),
                Gen.of(DEFAULT_IGNORABLES).map(Character::toString),
                Gen.integers(0x300, 0x36F).map(Character::toString),
                Gen.of("&#", "&#x", "&#56", "&#x1F600;", "&#99999999;", "&half", "&eopf;", "&", ";", "\ud800",
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
