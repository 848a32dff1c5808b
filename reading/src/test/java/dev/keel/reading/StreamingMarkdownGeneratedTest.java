package dev.keel.reading;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.Decision;
import dev.keel.core.content.Part;
import dev.keel.policy.FilteredPart;
import dev.keel.policy.QualitativeRestriction;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The streaming filter's Markdown mode on generated Markdown documents (paragraphs of prose, figures and inline
 * markup, headings both ways, tight and loose lists with continuations, block quotes with lazy lines, fenced and
 * indented code with blank lines in it, HTML blocks and comments across blank lines, reference links with their
 * definitions after them), cut into generated chunkings: at every chunk what it has emitted is a prefix of the
 * whole-text filter's output for the joined source read as a Markdown part, and in the end it is that output, with
 * its redactions. Each case is built from its own seed, printed with any failure. Small windows make cuts between
 * blocks frequent, and the cases together must have emitted text before their end.
 */
class StreamingMarkdownGeneratedTest {

    private static final long SEED = 20261126L;
    private static final int CASES = 200;
    private static final int[] WINDOWS = {8, 16, 32, 64};
    private static final List<QualitativeRestriction> RESTRICTIONS = List.of(
            new QualitativeRestriction("unit_ids", "no unit-level IDs", List.of("\\b[A-Z]{2,4}-\\d{2,4}[A-Z]?\\b"),
                    "[unit]"),
            new QualitativeRestriction("codename", "no code names",
                    List.of("(?i)\\bproject\\s(?:alpha|bravo)\\b"), "[project]"),
            // Crosses block boundaries as rendered: "secret" at a paragraph's end and "plan" at the next one's start.
            new QualitativeRestriction("secret_plan", "no secret plans", List.of("(?i)secret\\s{0,4}plan"),
                    "[plan]"));
    private static final List<String> INLINE = List.of(
            "forty", "twenty-five", "1,234.5", "12%", "14 March 2025", "in may", "Q3", "AB-123", "project alpha",
            "**fo**rty", "sev*en*ty", "M<i></i>ay", "fo<!-- c -->rty", "`12`", "&#56;", "\\*", "_x_",
            "[link](https://x.example/7)", "![img](p.png \"title 9\")", "<https://a.example/b>", "**secret**",
            "secret", "plan", "[x][ref]", "[ref]", "a]b", "`a]b`", "\\]");
    private static final List<String> PROSE = List.of("the", "boats", "dock", "plan", "crew", "spares", "retire",
            "keep", "capability", "above", "threshold", "I", "one", "first", "quarter", "may", "secret");

    private static final AtomicInteger STREAMED_EARLY = new AtomicInteger();
    private static final AtomicInteger RUNS = new AtomicInteger();

    @TestFactory
    Stream<DynamicTest> streamedMarkdownIsTheWholeTextOutputOfTheMarkdownPart() {
        return IntStream.range(0, CASES).mapToObj(i -> {
            long seed = SEED + i;
            return DynamicTest.dynamicTest("seed " + seed, () -> check(seed));
        });
    }

    @AfterAll
    static void blocksWereEmittedBeforeTheEnd() {
        // Without this, a mode that held everything to the end would pass.
        assertThat(STREAMED_EARLY.get()).as("streams that emitted before their end, of %s", RUNS.get())
                .isGreaterThan(RUNS.get() / 8);
    }

    private static void check(long seed) {
        Random random = new Random(seed);
        String text = document(random);
        int window = WINDOWS[random.nextInt(WINDOWS.length)];
        OutboundFilter whole = OutboundFilter.create(RESTRICTIONS);
        for (Decision decision : List.of(Decision.ALLOW, Decision.PARTIAL)) {
            FilteredPart expected = whole.apply(decision, Part.markdown(text));
            String expectedText = expected.kept().map(Part::rendered).orElse("");
            for (List<String> chunks : Chunkings.of(random, text, 12, 200)) {
                String context = "seed " + seed + ", " + decision + ", window " + window + ", " + chunks.size()
                        + " chunks of " + Chunkings.quoted(text);
                StreamingFilter stream = StreamingFilter.builder(decision).restrictions(RESTRICTIONS)
                        .windowChars(window).markdown().open();
                StringBuilder emitted = new StringBuilder();
                for (String chunk : chunks) {
                    emitted.append(stream.accept(chunk));
                    assertThat(expectedText).as("%s: what is emitted is a prefix of the whole-text output", context)
                            .startsWith(emitted.toString());
                }
                RUNS.incrementAndGet();
                if (emitted.length() > 0) {
                    STREAMED_EARLY.incrementAndGet();
                }
                emitted.append(stream.finish());
                assertThat(emitted.toString()).as(context).isEqualTo(expectedText);
                assertThat(stream.redactions()).as(context).isEqualTo(expected.redactions());
                assertThat(stream.held()).as(context).isZero();
            }
        }
    }

    /** Blocks of every kind, separated by blank lines or not, now and then a definition of a label used before. */
    static String document(Random random) {
        StringBuilder text = new StringBuilder();
        int blocks = 1 + random.nextInt(14);
        for (int i = 0; i < blocks; i++) {
            text.append(block(random));
            text.append(random.nextInt(4) == 0 ? "\n" : random.nextInt(6) == 0 ? "\n\n\n" : "\n\n");
        }
        if (random.nextInt(3) == 0) {
            // Ends inside a line, or inside an open fence.
            text.append(random.nextBoolean() ? line(random, 6) : "```\nkeep 12\n");
        }
        return text.toString();
    }

    private static String block(Random random) {
        switch (random.nextInt(14)) {
            case 0:
                return "#".repeat(1 + random.nextInt(3)) + " " + line(random, 5);
            case 1:
                return line(random, 8) + "\n" + (random.nextBoolean() ? "===" : "---");
            case 2:
                return list(random);
            case 3:
                return "> " + line(random, 10) + "\n" + (random.nextBoolean() ? "lazy " : "> ") + line(random, 6);
            case 4:
                return "```\n" + line(random, 6) + "\n\n" + line(random, 6) + "\n```";
            case 5:
                return "    " + line(random, 6) + "\n\n    " + line(random, 4);
            case 6:
                return "<div>\n" + line(random, 6) + "\n</div>";
            case 7:
                return "<!--\n" + line(random, 4) + "\n\n" + line(random, 4) + "\n-->";
            case 8:
                return "[ref]: https://x.example/" + line(random, 2).replace(' ', '-') + " \"" + line(random, 2) + "\"";
            case 9:
                return "***";
            default:
                return paragraph(random);
        }
    }

    private static String list(Random random) {
        StringBuilder list = new StringBuilder();
        boolean ordered = random.nextBoolean();
        int items = 1 + random.nextInt(4);
        for (int i = 0; i < items; i++) {
            list.append(ordered ? (i + 1) + ". " : "- ").append(line(random, 6)).append('\n');
            if (random.nextInt(3) == 0) {
                // A loose list: a blank line, then the item's own indented paragraph or the next item.
                list.append('\n');
                if (random.nextBoolean()) {
                    list.append(ordered ? "   " : "  ").append(line(random, 5)).append('\n');
                }
            } else if (random.nextInt(4) == 0) {
                list.append(line(random, 3)).append('\n');
            }
        }
        return list.toString().stripTrailing();
    }

    private static String paragraph(Random random) {
        StringBuilder paragraph = new StringBuilder();
        int lines = 1 + random.nextInt(3);
        for (int i = 0; i < lines; i++) {
            if (i > 0) {
                paragraph.append('\n');
            }
            paragraph.append(line(random, 4 + random.nextInt(16)));
        }
        return paragraph.toString();
    }

    private static String line(Random random, int words) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < words; i++) {
            if (i > 0) {
                line.append(' ');
            }
            List<String> from = random.nextInt(4) == 0 ? INLINE : PROSE;
            line.append(from.get(random.nextInt(from.size())));
        }
        return line.toString();
    }
}
