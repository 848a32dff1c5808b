package dev.keel.reading;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.Decision;
import dev.keel.policy.Redaction;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.StringJoiner;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * PARTIAL withholds at least what it withheld before the scanner was rewritten, on a few thousand generated texts.
 * The texts come from a fixed seed; the resource {@code partial-redactor-golden.txt} holds, one line per text, the
 * character ranges the former scanner withheld in it ({@code start-end}, UTF-16 offsets of the original text,
 * touching and overlapping spans joined, in order). Every character in those ranges must still be withheld; more may
 * be. A change meant to withhold less rewrites the resource: {@code ranges(text)} of each of {@code texts()}, one
 * line each.
 */
class PartialRedactorGoldenTest {

    private static final int TEXTS = 5000;

    private static final String[] WORDS = {"january", "February", "MARCH", "April", "may", "May", "June", "jul",
        "Jul", "July", "aug", "August", "Sept", "sept", "Sep", "oct", "Nov", "Dec", "dec", "Jan", "Feb", "Mar", "Apr",
        "Jun", "first", "First", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
        "eleventh", "twelfth", "thirteenth", "nineteenth", "twentieth", "thirtieth", "last", "final", "Final", "zero",
        "one", "One", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
        "thirteen", "twenty", "Twenty", "thirty", "forty", "ninety", "hundred", "thousand", "million", "billion",
        "trillion", "dozen", "k", "K", "m", "M", "bn", "b", "B", "mn", "mln", "tn", "mio", "mrd", "Mio", "usd", "USD",
        "eur", "EUR", "gbp", "chf", "jpy", "cad", "aud", "dollar", "dollars", "euro", "euros", "pound", "pounds",
        "sterling", "percent", "pct", "pp", "per", "cent", "percentage", "point", "points", "week", "Week", "weeks",
        "wk", "wks", "Wk", "cw", "CW", "kw", "KW", "w", "W", "to", "through", "thru", "until", "till", "and", "or",
        "in", "by", "during", "from", "since", "before", "after", "early", "mid", "late", "end", "start", "of", "the",
        "The", "half", "year", "fiscal", "calendar", "Calendar", "quarter", "quarters", "Q", "q", "H", "h", "FY",
        "fy", "Fy", "st", "nd", "rd", "th", "ly", "a", "A", "x", "boats", "hull", "dock", "capacity", "retires",
        "weekly", "firsts", "Quarterly", "januaryx", "mayday", "fyi", "usdollar", "Q3", "q4", "H2", "h1", "FY25",
        "FY2025", "fy24", "W12", "w3", "CW12", "KW5", "wk12", "Wk3", "3rd", "21st", "1st", "2nd", "11th", "12k",
        "3rdly", "B52", "x2", "SSN", "ＵＳＤ", "é", "ﬁrst", "straße", "İ", "ſt", "K", "Mär", "mäy",
        "abcdefghijklmnop", "Septembers"};
    private static final String[] PHRASES = {"the third of March", "weeks 3-5", "EUR 4.1 million",
        "a hundred and fifty", "second half of the fiscal year", "first half of the year", "end of May",
        "start of Jan.", "Q3–Q4 FY2025",
        "12 million dollars", "3 per cent", "2 percentage points", "calendar week twelve", "3 pounds sterling",
        "twenty-first", "twenty first", "thirty-ninth", "the 21st of May", "wk. 5", "week #12", "Mio.", "mrd.",
        "FY 2025 / Q3", "H1 2024-2025", "Q3 and Q4", "March the third, 2025", "14 July, 2025", "2025-2026",
        "'25", "’24", "1999 to 2001", "$4.5M", "€ 300k", "$2-$3M", "USD 1,234.5 bn", "one million", "one two",
        "fiscal quarter of FY25", "third calendar quarter of 2025", "last quarter", "first and second quarters",
        "calendar weeks 3 to five", "cw12/cw14", "w3-w5", "in May", "during Sept.", "from Dec", "mid-Jun"};
    private static final String[] NUMBERS = {"0", "1", "3", "05", "12", "19", "20", "25", "31", "100", "1999", "2025",
        "2026", "12345", "4.5", "1,234.5", "3'000", "2’5", "٣", "٣.٤", "१२", "３", "１２", "½", "²", "Ⅻ", "①", "𝟙",
        "𝟚𝟛", "2025-03-14", "14/03/2025", "1.2.25", "12-3-2024", "2025/3/1", "3.14.15", "12.", "1,", "7'"};
    private static final String[] SEPARATORS = {" ", " ", " ", " ", " ", "  ", "", "-", "–", "—", "‒", "/", ".", ",",
        ", ", "'", "’", "%", "％", "‰", "$", "€", "£", "¥", "₹", "#", "\n", "\t", "\u00A0", "\u202F", "\u2009", "(",
        ")", ":", ";", "±", "~", "≈", "−", "+", "&", "_", "\r\n", " - ", " / ", " % "};
    private static final String[] ODDITIES = {"\u0301", "\u0308", "e\u0301", "\uD83D\uDE00", "\uD801\uDC00",
        "\uD835\uDC00", "\uD800", "\uDC00", "x\u20DD", "ۃ", "ক", "ab\u0903", "中文", "ｱ", "ǅ", "ʰ", "Ⅷ"};

    /** The generated texts: the same on every run and every JVM (java.util.Random's sequence is specified). */
    private static List<String> texts() {
        Random random = new Random(20250314L);
        List<String> texts = new ArrayList<>(TEXTS);
        for (int i = 0; i < TEXTS; i++) {
            StringBuilder text = new StringBuilder();
            int tokens = random.nextInt(30);
            for (int k = 0; k < tokens; k++) {
                int pick = random.nextInt(20);
                if (pick < 7) {
                    text.append(WORDS[random.nextInt(WORDS.length)]);
                } else if (pick < 9) {
                    text.append(PHRASES[random.nextInt(PHRASES.length)]);
                } else if (pick < 12) {
                    text.append(NUMBERS[random.nextInt(NUMBERS.length)]);
                } else if (pick < 14) {
                    text.append(random.nextInt(3000));
                } else if (pick < 19) {
                    text.append(SEPARATORS[random.nextInt(SEPARATORS.length)]);
                } else if (random.nextBoolean()) {
                    text.append(ODDITIES[random.nextInt(ODDITIES.length)]);
                } else {
                    text.append((char) random.nextInt(0x3000));
                }
                if (random.nextInt(3) > 0) {
                    text.append(' ');
                }
            }
            texts.add(text.toString());
        }
        return texts;
    }

    private static final OutboundFilter FILTER = OutboundFilter.withoutRestrictions();

    /** The ranges withheld in {@code text}: "start-end" each, touching and overlapping spans joined. */
    static String ranges(String text) {
        BitSet withheld = withheld(text);
        StringJoiner ranges = new StringJoiner(" ");
        for (int start = withheld.nextSetBit(0); start >= 0; start = withheld.nextSetBit(withheld.nextClearBit(start))) {
            ranges.add(start + "-" + withheld.nextClearBit(start));
        }
        return ranges.toString();
    }

    private static BitSet withheld(String text) {
        BitSet withheld = new BitSet();
        for (Redaction redaction : FILTER.apply(Decision.PARTIAL, text).redactions()) {
            withheld.set(redaction.start(), redaction.end());
        }
        return withheld;
    }

    @Test
    void partialWithholdsAtLeastWhatItWithheldWhenTheResourceWasWritten() throws IOException {
        List<String> expected = expectedRanges();
        List<String> texts = texts();
        assertThat(expected).hasSize(texts.size());
        List<String> regressions = new ArrayList<>();
        for (int i = 0; i < texts.size(); i++) {
            BitSet missing = parse(expected.get(i));
            missing.andNot(withheld(texts.get(i)));
            if (!missing.isEmpty()) {
                regressions.add(String.format("text %d no longer withholds the characters %s (withholds %s, withheld %s)"
                        + "%n  text: %s", i, missing, ranges(texts.get(i)), expected.get(i), texts.get(i).codePoints()
                        .mapToObj(cp -> cp < 0x80 && cp >= 0x20 ? Character.toString(cp) : String.format("\\u%04x", cp))
                        .collect(Collectors.joining())));
            }
        }
        assertThat(regressions).as("texts where less is withheld than before").isEmpty();
    }

    private static BitSet parse(String ranges) {
        BitSet characters = new BitSet();
        for (String range : ranges.split(" ")) {
            if (!range.isEmpty()) {
                String[] bounds = range.split("-");
                characters.set(Integer.parseInt(bounds[0]), Integer.parseInt(bounds[1]));
            }
        }
        return characters;
    }

    @Test
    void generatedTextsExerciseEveryKind() {
        Map<String, Integer> kinds = new TreeMap<>();
        for (String text : texts()) {
            for (Redaction redaction : FILTER.apply(Decision.PARTIAL, text).redactions()) {
                kinds.merge(redaction.kind(), 1, Integer::sum);
            }
        }

        assertThat(kinds).containsOnlyKeys(Redaction.NUMBER, Redaction.DATE, Redaction.QUARTER, Redaction.PERIOD,
                Redaction.WEEK, Redaction.PERCENTAGE, Redaction.MONEY);
        assertThat(kinds.values()).allSatisfy(count -> assertThat(count).isGreaterThan(300));
    }

    private static List<String> expectedRanges() throws IOException {
        try (InputStream in = PartialRedactorGoldenTest.class.getResourceAsStream("partial-redactor-golden.txt")) {
            assertThat(in).as("partial-redactor-golden.txt").isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.US_ASCII).lines().toList();
        }
    }
}
