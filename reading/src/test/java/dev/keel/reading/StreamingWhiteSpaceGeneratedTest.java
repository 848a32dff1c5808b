package dev.keel.reading;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.Decision;
import dev.keel.core.content.Part;
import dev.keel.policy.FilteredPart;
import dev.keel.policy.QualitativeRestriction;
import dev.keel.policy.Redaction;
import dev.keel.test.properties.Choices;
import dev.keel.test.properties.Gen;
import dev.keel.test.properties.Property;
import dev.keel.test.properties.Weighted;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The streaming filter on generated texts in which runs of white space (spaces, tabs, newlines, mixed, of every
 * length around a window and beyond) lie between a word and what it makes a construct of ("in" and "may", "one" and
 * "percent", "project" and "alpha"), and between the prose around them, cut into generated chunkings, at several
 * windows, as plain text and as Markdown: at every chunk what it has emitted is a prefix of the whole-text filter's
 * output, in the end it is that output with its redactions, and what it holds and keeps has a bounded number of
 * visible characters. A run of white space about a window long once pushed the word that decides a construct out of
 * the context read before a cut. Drawn from a fixed seed ({@code -Dkeel.properties.seed=S} for another).
 */
class StreamingWhiteSpaceGeneratedTest {

    private static final long SEED = Long.getLong("keel.properties.seed", 20261201L);
    private static final List<QualitativeRestriction> RESTRICTIONS = List.of(
            new QualitativeRestriction("codename", "no code names",
                    List.of("(?i)\\bproject\\s(?:alpha|bravo)\\b"), "[project]"));
    private static final OutboundFilter WHOLE = OutboundFilter.create(RESTRICTIONS);
    // A word and what it makes a construct of, drawn only where shorter in visible characters than the window.
    private static final List<List<String>> PAIRS = List.of(List.of("in", "may"), List.of("in", "May,"),
            List.of("by", "Jan."), List.of("one", "percent"), List.of("12", "percent"), List.of("week", "twelve"),
            List.of("14", "March"), List.of("March", "14th"), List.of("third", "quarter"), List.of("EUR", "300"),
            List.of("project", "alpha"), List.of("a", "hundred"), List.of("-", "12"), List.of("the", "third"));
    // Words that join no construct: a construct longer than the window could hold more than the bound.
    private static final List<String> PROSE = List.of("crew", "keeps", "boats", "above", "threshold", "retires",
            "spares", "dock", "plan", "capability");
    private static final Gen<Integer> WINDOWS = Gen.of(8, 12, 16, 32, 64);
    private static final Gen<Decision> DECISIONS = Gen.of(Decision.PARTIAL, Decision.ALLOW, Decision.DENY);

    record Case(int window, boolean markdown, Decision decision, String text, List<String> chunks) {
        /** The case with its white space escaped, so that a failure can be replayed from its message. */
        @Override
        public String toString() {
            List<String> quoted = chunks.stream().map(chunk -> '"' + chunk.replace("\\", "\\\\")
                    .replace("\"", "\\\"").replace("\n", "\\n").replace("\t", "\\t").replace("\r", "\\r")
                    .replace("\u2003", "\\u2003") + '"').toList();
            return decision + ", window " + window + (markdown ? ", Markdown" : "") + ", chunks " + quoted;
        }
    }

    @Test
    void aStreamWithRunsOfWhiteSpaceEmitsWhatTheWholeTextFilterDoes() {
        Property.forAll(cases()).seed(SEED).tries(200).check(c -> {
            String context = c.decision() + ", window " + c.window() + (c.markdown() ? ", Markdown" : "") + ", "
                    + c.chunks().size() + " chunks";
            String expectedText;
            List<Redaction> expectedRedactions;
            if (c.markdown()) {
                FilteredPart whole = WHOLE.apply(c.decision(), Part.markdown(c.text()));
                expectedText = whole.kept().map(Part::rendered).orElse("");
                expectedRedactions = whole.redactions();
            } else {
                FilteredText whole = WHOLE.apply(c.decision(), c.text());
                expectedText = whole.text();
                expectedRedactions = whole.redactions();
            }
            StreamingFilter.Builder builder = StreamingFilter.builder(c.decision()).restrictions(RESTRICTIONS)
                    .windowChars(c.window());
            StreamingFilter stream = (c.markdown() ? builder.markdown() : builder).open();
            StringBuilder emitted = new StringBuilder();
            StringBuilder read = new StringBuilder();
            for (String chunk : c.chunks()) {
                emitted.append(stream.accept(chunk));
                read.append(chunk);
                assertThat(expectedText).as("%s: what is emitted is a prefix of the whole-text output", context)
                        .startsWith(emitted.toString());
                if (!c.markdown()) {
                    // Held: two and a quarter windows; kept before it: a window.
                    assertThat(StreamChecks.visible(read.substring(read.length() - stream.held())))
                            .as("%s: visible characters held", context)
                            .isLessThanOrEqualTo(2L * c.window() + c.window() / 4);
                    assertThat(StreamChecks.visible(read.substring(read.length() - stream.retained())))
                            .as("%s: visible characters kept", context)
                            .isLessThanOrEqualTo(3L * c.window() + c.window() / 4);
                }
            }
            emitted.append(stream.finish());
            assertThat(emitted.toString()).as(context).isEqualTo(expectedText);
            assertThat(stream.redactions()).as(context).isEqualTo(StreamChecks.streamed(expectedRedactions));
        });
    }

    private static Gen<Case> cases() {
        return c -> {
            int window = WINDOWS.generate(c);
            boolean markdown = Gen.booleans().generate(c);
            Decision decision = DECISIONS.generate(c);
            Gen<String> gap = gaps(window);
            StringBuilder text = new StringBuilder();
            Gen<List<String>> fitting = Gen.of(PAIRS.stream()
                    .filter(pair -> StreamChecks.visible(pair.get(0) + pair.get(1)) < window).toList());
            for (int pairs = Gen.integers(1, 3).generate(c); pairs > 0; pairs--) {
                prose(c, gap, Gen.integers(1, 12).generate(c), text);
                List<String> pair = fitting.generate(c);
                text.append(pair.get(0)).append(gap.generate(c)).append(pair.get(1)).append(gap.generate(c));
            }
            // Enough visible text after the last construct for cuts to be made past it.
            prose(c, gap, 4 + window / 2, text);
            return new Case(window, markdown, decision, text.toString(), chunks(c, text.toString()));
        };
    }

    private static void prose(Choices c, Gen<String> gap, int words, StringBuilder text) {
        Gen<String> word = Gen.of(PROSE);
        for (int i = 0; i < words; i++) {
            text.append(word.generate(c)).append(gap.generate(c));
        }
    }

    /**
     * Runs of white space: short, about a window long, about two, or anything up to four; of one character or
     * mixed.
     */
    private static Gen<String> gaps(int window) {
        Gen<Integer> lengths = Gen.frequency(Weighted.of(3, Gen.integers(1, 3)),
                Weighted.of(3, Gen.integers(window - 3, window + 3)),
                Weighted.of(1, Gen.integers(2 * window - 2, 2 * window + 2)),
                Weighted.of(1, Gen.integers(1, 4 * window)));
        Gen<Character> spaces = Gen.of(' ', '\t', '\n', '\r', '\u2003');
        return c -> {
            int length = lengths.generate(c);
            if (Gen.booleans().generate(c)) {
                return String.valueOf(spaces.generate(c)).repeat(length);
            }
            StringBuilder mixed = new StringBuilder(length);
            for (int i = 0; i < length; i++) {
                mixed.append(spaces.generate(c));
            }
            return mixed.toString();
        };
    }

    /** {@code text} in single characters, in chunks of random sizes up to a few or a few hundred, or whole. */
    private static List<String> chunks(Choices c, String text) {
        int largest = Gen.of(1, 5, 40, 300, Integer.MAX_VALUE).generate(c);
        Gen<Integer> sizes = Gen.integers(1, Math.min(largest, Math.max(1, text.length())));
        List<String> chunks = new ArrayList<>();
        for (int at = 0; at < text.length(); ) {
            int end = Math.min(text.length(), at + sizes.generate(c));
            chunks.add(text.substring(at, end));
            at = end;
        }
        return chunks;
    }
}
