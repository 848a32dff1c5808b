package dev.keel.reading;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.Decision;
import dev.keel.policy.QualitativeRestriction;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The streaming filter on generated texts, in the adversarial forms of the whole-text filter's tests (number words,
 * figures, dates, periods, restriction matches, escapes, typeset Unicode, invisible characters, Markdown-looking
 * text), cut into generated chunkings (single characters, random sizes, two pieces, the whole text): what it emits
 * adds up to the whole-text filter's output and its redactions are the whole-text filter's (a denial's without its
 * text, which the stream does not keep); at no point has it
 * emitted more than a prefix of that output; what it holds ({@link StreamingFilter#held()}) has at most two and a
 * quarter windows of visible characters;
 * DENY emits nothing. Each case is built from its own seed, printed with any failure; seeds that once broke a rule
 * are kept as fixed cases. {@code -Dcases=N -Dseed=S} runs N cases from seed S.
 */
class StreamingFilterGeneratedTest {

    private static final long SEED = Long.getLong("seed", 20261126L);
    private static final int CASES = Integer.getInteger("cases", 200);
    // 20261495: places to cut at lay inside redactions and a long word for more than a window, and the look after
    // one became possible came a quarter of the held text later, past two and a quarter windows.
    private static final long[] FIXED = {20261495L};
    private static final int[] WINDOWS = {64, 128, StreamingFilter.DEFAULT_WINDOW_CHARS};
    // Bounded patterns (no open repetition): the window rule applies to them.
    private static final List<QualitativeRestriction> RESTRICTIONS = List.of(
            new QualitativeRestriction("unit_ids", "no unit-level IDs", List.of("\\b[A-Z]{2,4}-\\d{2,4}[A-Z]?\\b"),
                    "[unit]"),
            new QualitativeRestriction("codename", "no code names",
                    List.of("(?i)\\bproject\\s(?:alpha|bravo)\\b"), "[project]"));
    private static final List<String> ITEMS = List.of(
            "forty", "twenty-five", "a hundred and fifty", "third", "thirteenth", "eightyfour", "one percent",
            "half of", "a quarter of the", "two thirds", "1,234.5", "-12", "±3", "$4.5M", "EUR 300k", "12%",
            "12 percent", "3 percentage points", "B52", "x²", "٣", "３", "½", "&#56;", "&half;", "\\u0038",
            "\\nforty", "14 March 2025", "March 14th", "in may", "by Jan.", "2025-03-14", "03/14/25", "Q3–Q4 2025",
            "Q3", "third quarter", "FY25", "H2", "first half of the year", "week 12", "weeks 3-5", "W12",
            "the third week", "week XIII", "1999", "2019-2020", "AB-123", "XYZ-9876Q", "project alpha",
            "Project\u00a0Bravo", "ｅｉｇｈｔｙ", "for\u00adty", "se\u200bventy", "fo\u0301rty", "**fo**rty",
            "`12`", "# Heading", "- item", "[link](https://x.example/7)", "sev*en*ty", "M<i></i>ay", "Mai");
    private static final List<String> PROSE = List.of("the", "boats", "dock", "plan", "crew", "spares", "retire",
            "keep", "capability", "above", "threshold", "I", "one", "first", "second", "quarter", "may");
    private static final List<String> SEPARATORS = List.of(" ", " ", " ", ", ", ". ", "\n", "\n\n", " - ", " to ",
            "/", "-", "", "\t", "  ");

    @TestFactory
    Stream<DynamicTest> streamedOutputIsTheWholeTextOutput() {
        return Stream.concat(LongStream.of(FIXED).boxed(), IntStream.range(0, CASES).mapToObj(i -> SEED + i))
                .map(seed -> DynamicTest.dynamicTest("seed " + seed, () -> check(seed)));
    }

    private static void check(long seed) {
        Random random = new Random(seed);
        String text = text(random);
        int window = WINDOWS[random.nextInt(WINDOWS.length)];
        OutboundFilter whole = OutboundFilter.create(RESTRICTIONS);
        for (Decision decision : Decision.values()) {
            FilteredText expected = whole.apply(decision, text);
            for (List<String> chunks : Chunkings.of(random, text, 24, 300)) {
                String context = "seed " + seed + ", " + decision + ", window " + window + ", " + chunks.size()
                        + " chunks of " + Chunkings.quoted(text);
                StreamingFilter stream = StreamingFilter.builder(decision).restrictions(RESTRICTIONS)
                        .windowChars(window).open();
                StringBuilder emitted = new StringBuilder();
                StringBuilder read = new StringBuilder();
                for (String chunk : chunks) {
                    emitted.append(stream.accept(chunk));
                    read.append(chunk);
                    assertThat(expected.text()).as("%s: what is emitted is a prefix of the whole-text output", context)
                            .startsWith(emitted.toString());
                    assertThat(StreamChecks.visible(read.substring(read.length() - stream.held())))
                            .as("%s: visible characters held", context).isLessThanOrEqualTo(2 * window + window / 4);
                    if (decision == Decision.DENY) {
                        assertThat(emitted.toString()).as(context).isEmpty();
                    }
                }
                emitted.append(stream.finish());
                assertThat(emitted.toString()).as(context).isEqualTo(expected.text());
                assertThat(stream.redactions()).as(context).isEqualTo(StreamChecks.streamed(expected.redactions()));
                assertThat(stream.held()).as(context).isZero();
            }
        }
    }

    /** Items and prose joined by separators; now and then a long run of prose, so that cuts are made. */
    private static String text(Random random) {
        StringBuilder text = new StringBuilder();
        int parts = random.nextInt(160);
        for (int i = 0; i < parts; i++) {
            List<String> from = random.nextInt(3) == 0 ? ITEMS : PROSE;
            text.append(from.get(random.nextInt(from.size())));
            text.append(SEPARATORS.get(random.nextInt(SEPARATORS.size())));
        }
        return text.toString();
    }
}
