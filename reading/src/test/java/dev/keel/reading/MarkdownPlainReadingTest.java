package dev.keel.reading;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A source with no Markdown syntax is read without CommonMark's parse ({@link MarkdownReading#isPlain}); on
 * generated texts, plain or nearly so (list numbers, indents, trailing spaces, headings, rules, emphasis, escapes,
 * references, tabs and carriage returns among plain words), the readings equal the parse's character by character:
 * the same text, each character from the same range of the source. The filter scans only the readings, so their
 * findings are the parse's. Each case is built from its own seed, printed with any failure.
 */
class MarkdownPlainReadingTest {

    private static final long SEED = 20261127L;
    private static final int CASES = 400;
    private static final List<String> WORDS = List.of("forty", "boats", "Q3", "12", "2025", "1,234.5", "$4.5M",
            "80%", "hull", "SSN-774", "week", "third", "Calendar", "A", "é", "ｅｉｇｈｔｙ", "٣", "½", "\u00a0", "\u200b",
            "(with", "comparison)", "vendor:", "Acme", "Marine", "#3", "a-b", "x=y", "~", "|", ">", "+", "-", "?",
            "\"quoted\"", "'single'", "😀", "e\u0301");
    private static final List<String> LINE_STARTS = List.of("forty", "Boats", "Q3", "12", "2025", "1,234.5", "hull",
            "SSN-774", "Calendar", "é", "ｅｉｇｈｔｙ", "٣", "e\u0301");
    private static final List<String> SEPARATORS = List.of(" ", " ", " ", ", ", ". ", "; ", "\n", "\n", "\n\n",
            "\n\n\n", "  ");
    // What may make a line, or the whole text, something other than paragraphs of plain text.
    private static final List<String> SYNTAX = List.of("1. ", "2) ", "- ", "+ ", "* ", "# ", "> ", "    ", "\t",
            "  \n", " \n", "\\\n", "\r\n", "\r", "===\n", "---\n", "***\n", "```\n", "~~~\n", "<b>", "<!-- -->",
            "&amp;", "&#56;", "**", "_", "`", "[x]", "[x]: /url\n", "![i](u)", "\\*", "\u0000", "\u000b", "\f",
            "12.", "7)", " ", "\n ", "\n\t");

    @TestFactory
    Stream<DynamicTest> aPlainSourceIsReadAsTheParseReadsIt() {
        return IntStream.range(0, CASES).mapToObj(i -> {
            long seed = SEED + i;
            return DynamicTest.dynamicTest("seed " + seed, () -> {
                String text = text(new Random(seed));
                assertSameReadings(text, "seed " + seed);
            });
        });
    }

    @Test
    void mostGeneratedTextsTakeThePlainReading() {
        long plain = IntStream.range(0, CASES).filter(i -> MarkdownReading.isPlain(text(new Random(SEED + i))))
                .count();
        assertThat(plain).as("generated texts read without the parse, of %d", CASES).isGreaterThan(CASES / 4);
        assertThat(plain).as("generated texts read by the parse, of %d", CASES).isLessThan(CASES);
    }

    @ParameterizedTest
    @ValueSource(strings = {"**fo**rty", "fo<!-- -->rty", "1. one\n2. two", "Title\n===", "  indented", "a  \nb",
        "a\\\nb", "&#56;", "a\r\nb", "\tcode", "para\n\n    code", "> quote", "a_b_", "x`1`", "[a]: /u"})
    void sourcesWithSyntaxAreParsed(String source) {
        assertThat(MarkdownReading.isPlain(source)).isFalse();
        assertSameReadings(source, source);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "forty boats", "Summary\nRetiring two boats in Q3 2025.\n\nCalendar A: 83%.\n",
        "\n\nfirst\n\n\n\nsecond\n\n", "12 boats\n3 of 4 berths", "SSN-774 and hull 12 (Acme Marine 40%)"})
    void plainSourcesAreReadWithoutTheParse(String source) {
        assertThat(MarkdownReading.isPlain(source)).isTrue();
        assertSameReadings(source, source);
    }

    private static void assertSameReadings(String source, String context) {
        List<Reading> read = MarkdownReading.read(source, new Steps());
        List<Reading> parsed = MarkdownReading.parsed(source);
        assertThat(read).as(context).hasSameSizeAs(parsed);
        for (int r = 0; r < read.size(); r++) {
            Reading fast = read.get(r);
            Reading slow = parsed.get(r);
            String which = context + ", reading " + r + " of " + quoted(source);
            assertThat(fast.text()).as(which).isEqualTo(slow.text());
            for (int i = 0; i <= fast.text().length(); i++) {
                assertThat(fast.sourceStart(i)).as("%s: source start of %d", which, i).isEqualTo(slow.sourceStart(i));
                assertThat(fast.sourceEnd(i)).as("%s: source end of %d", which, i).isEqualTo(slow.sourceEnd(i));
            }
        }
    }

    /**
     * Words and separators, now and then a piece of syntax (in two texts of three). A line starts with a word that
     * starts with a letter or digit, but for the syntax, so that most texts without syntax are plain.
     */
    private static String text(Random random) {
        boolean withSyntax = random.nextInt(3) > 0;
        StringBuilder text = new StringBuilder();
        int parts = random.nextInt(40);
        for (int i = 0; i < parts; i++) {
            if (withSyntax && random.nextInt(12) == 0) {
                text.append(SYNTAX.get(random.nextInt(SYNTAX.size())));
            }
            boolean lineStart = text.length() == 0 || text.charAt(text.length() - 1) == '\n';
            text.append(lineStart ? LINE_STARTS.get(random.nextInt(LINE_STARTS.size()))
                    : WORDS.get(random.nextInt(WORDS.size())));
            if (i < parts - 1 || random.nextInt(4) == 0) {
                text.append(SEPARATORS.get(random.nextInt(SEPARATORS.size())));
            }
        }
        return text.toString();
    }

    private static String quoted(String text) {
        return '"' + text.replace("\n", "\\n") + '"';
    }
}
