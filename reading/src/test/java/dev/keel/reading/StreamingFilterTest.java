package dev.keel.reading;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.ConfigurationException;
import dev.keel.core.Decision;
import dev.keel.core.InvalidInputException;
import dev.keel.core.content.Part;
import dev.keel.policy.QualitativeRestriction;
import dev.keel.policy.Redaction;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The streaming filter's rules one by one: the window, the limit, DENY, open-ended restrictions, the end. */
class StreamingFilterTest {

    private static final String PROSE = "the crew keeps the boats above the threshold and retires the spares ";
    // Matches text of any length: a filter with it holds the stream to its end.
    private static final List<QualitativeRestriction> OPEN_ENDED = List.of(new QualitativeRestriction("vendors", null,
            List.of("(?i)\\bbroken down by vendor\\b[^.\\n]*"), "[vendor breakdown withheld]"));

    @Test
    void textBeforeTheWindowIsEmittedBeforeTheEnd() {
        StreamingFilter stream = StreamingFilter.builder(Decision.PARTIAL).windowChars(64).open();
        String text = PROSE.repeat(4) + "in may we keep forty boats " + PROSE.repeat(4);
        StringBuilder emitted = new StringBuilder();
        List<Integer> held = new ArrayList<>();
        for (char c : text.toCharArray()) {
            emitted.append(stream.accept(String.valueOf(c)));
            held.add(stream.held());
        }
        assertThat(emitted.length()).as("emitted before the end").isGreaterThan(PROSE.length() * 4);
        assertThat(held).allMatch(h -> h <= 2 * 64 + 64 / 4);
        emitted.append(stream.finish());
        assertThat(emitted.toString()).isEqualTo(OutboundFilter.withoutRestrictions().apply(Decision.PARTIAL, text).text())
                .contains("in [date withheld] we keep [figure withheld] boats");
    }

    @Test
    void aWordLongerThanTheWindowIsNotCutAndIsWithheldWholeWhenItsDigitArrives() {
        StreamingFilter stream = StreamingFilter.builder(Decision.PARTIAL).windowChars(16).open();
        StringBuilder emitted = new StringBuilder(stream.accept("keep " + "a".repeat(200)));
        assertThat(emitted.toString()).doesNotContain("a");
        emitted.append(stream.accept("7 boats ")).append(stream.finish());
        assertThat(emitted.toString()).isEqualTo("keep [figure withheld] boats ");
    }

    @Test
    void aLongRunOfInvisibleCharactersOrWhiteSpaceDoesNotCarryAConstructPastTheWindow() {
        for (String gap : List.of("\u200b".repeat(100), " \u200b".repeat(50), "\u00ad\n".repeat(50))) {
            String text = "keep one " + gap + "percent of the crew ";
            StreamingFilter stream = StreamingFilter.builder(Decision.PARTIAL).windowChars(16).open();
            StringBuilder emitted = new StringBuilder();
            for (char c : text.toCharArray()) {
                emitted.append(stream.accept(String.valueOf(c)));
                assertThat(emitted.toString()).doesNotContain("one");
            }
            emitted.append(stream.finish());
            assertThat(emitted.toString()).isEqualTo(OutboundFilter.withoutRestrictions()
                    .apply(Decision.PARTIAL, text).text()).doesNotContain("one");
        }
    }

    @Test
    void aRunOfSpacesBeforeTheCutDoesNotPushTheWordThatMakesADateOutOfTheContext() {
        // Once the context before a cut was a window of characters, all spaces here: the stream emitted "may,".
        List<String> chunks = List.of("We met in" + " ".repeat(600), "may," + "a".repeat(1000));
        String expected = OutboundFilter.withoutRestrictions().apply(Decision.PARTIAL, String.join("", chunks)).text();
        assertThat(expected).startsWith("We met in" + " ".repeat(600) + "[date withheld]");
        StreamingFilter stream = StreamingFilter.builder(Decision.PARTIAL).open();
        assertThat(streamed(stream, chunks)).isEqualTo(expected);
    }

    @Test
    void aRunOfWhiteSpaceAboutAWindowLongBetweenInAndAMonthDoesNotPushInOutOfTheContext() {
        List<String> chunks = List.of("and", " th", "e i", "n  ", "   ", "  M", "ay ", "and", " th", "e");
        String expected = OutboundFilter.withoutRestrictions().apply(Decision.PARTIAL, String.join("", chunks)).text();
        assertThat(expected).contains("[date withheld]").doesNotContain("ay");
        StreamingFilter stream = StreamingFilter.builder(Decision.PARTIAL).windowChars(8).open();
        assertThat(streamed(stream, chunks)).isEqualTo(expected);
    }

    @Test
    void underDenyAndPastTheLimitTheFilterKeepsNoTextHoweverLongTheStream() {
        // 33.5 million characters, the stream that once filled a 128 MiB heap; one chunk object, so the test holds
        // only it.
        String chunk = (PROSE + "forty in may ").repeat(64 * 1024 / (PROSE.length() + 13));
        int chunks = 33_554_432 / chunk.length() + 1;
        long total = (long) chunks * chunk.length();
        for (Decision decision : Decision.values()) {
            StreamingFilter stream = StreamingFilter.builder(decision).windowChars(64).open();
            long read = 0;
            for (int i = 0; i < chunks; i++) {
                stream.accept(chunk);
                read += chunk.length();
                if (decision == Decision.DENY || read > OutboundFilter.DEFAULT_MAX_INPUT_CHARS) {
                    assertThat(stream.retained()).as("%s after %d characters", decision, read).isZero();
                } else {
                    assertThat(stream.retained()).as("%s after %d characters", decision, read)
                            .isLessThanOrEqualTo(chunk.length() + 64 * 4);
                }
            }
            stream.finish();
            assertThat(stream.retained()).isLessThanOrEqualTo(decision == Decision.DENY ? 0 : chunk.length());
            Redaction last = stream.redactions().get(stream.redactions().size() - 1);
            assertThat(last.kind()).isEqualTo(decision == Decision.DENY ? Redaction.DENIED : Redaction.OVERSIZED);
            assertThat(last.end()).isEqualTo(total);
            assertThat(last.removed()).isEmpty();
        }
    }

    @Test
    void aStreamHeldToItsEndDropsWhatItHeldWhenItPassesTheLimit() {
        StreamingFilter stream = StreamingFilter.builder(Decision.ALLOW).restrictions(OPEN_ENDED).maxInputChars(1_000)
                .windowChars(8).open();
        int read = 0;
        while (read <= 1_000) {
            assertThat(stream.retained()).isEqualTo(read);
            stream.accept(PROSE);
            read += PROSE.length();
        }
        assertThat(stream.retained()).isZero();
        for (int i = 0; i < 1_000; i++) {
            stream.accept(PROSE);
            assertThat(stream.retained()).isZero();
        }
        assertThat(stream.finish()).isEqualTo("[text withheld: too long to filter]");
        assertThat(stream.redactions()).containsExactly(new Redaction(Redaction.OVERSIZED, 0,
                read + 1_000 * PROSE.length(), "",
                "[text withheld: too long to filter]"));
    }

    @Test
    void denyEmitsNothingAndReportsTheWholeStream() {
        StreamingFilter stream = StreamingFilter.builder(Decision.DENY).windowChars(8).open();
        assertThat(stream.accept(PROSE)).isEmpty();
        assertThat(stream.accept(PROSE)).isEmpty();
        assertThat(stream.held()).isZero();
        assertThat(stream.finish()).isEmpty();
        assertThat(stream.redactions()).containsExactly(
                new Redaction(Redaction.DENIED, 0, 2 * PROSE.length(), "", ""));
    }

    @Test
    void aDeclaredLengthAboveTheLimitWithholdsFromTheStartAsTheWholeTextFilterDoes() {
        String text = PROSE.repeat(10);
        StreamingFilter stream = StreamingFilter.builder(Decision.ALLOW).maxInputChars(100).windowChars(8)
                .expectedLength(text.length()).open();
        StringBuilder emitted = new StringBuilder();
        for (int i = 0; i < text.length(); i += 7) {
            emitted.append(stream.accept(text.substring(i, Math.min(text.length(), i + 7))));
        }
        assertThat(emitted.toString()).isEmpty();
        emitted.append(stream.finish());
        FilteredText whole = OutboundFilter.create(List.of(), 100).apply(Decision.ALLOW, text);
        assertThat(emitted.toString()).isEqualTo(whole.text()).isEqualTo("[text withheld: too long to filter]");
        assertThat(stream.redactions()).isEqualTo(StreamChecks.streamed(whole.redactions()))
                .extracting(Redaction::end).containsExactly(text.length());
    }

    @Test
    void anUndeclaredStreamPastTheLimitEmitsNothingMoreAndEndsWithThePlaceholder() {
        StreamingFilter stream = StreamingFilter.builder(Decision.PARTIAL).maxInputChars(150).windowChars(8).open();
        String early = stream.accept(PROSE + PROSE);
        assertThat(early).isNotEmpty();
        assertThat(stream.accept("forty " + PROSE)).isEmpty();
        assertThat(stream.accept(PROSE)).isEmpty();
        assertThat(stream.finish()).isEqualTo("[text withheld: too long to filter]");
        Redaction oversized = stream.redactions().get(stream.redactions().size() - 1);
        assertThat(oversized.kind()).isEqualTo(Redaction.OVERSIZED);
        assertThat(oversized.start()).isEqualTo(early.length());
        assertThat(oversized.end()).isEqualTo(PROSE.length() * 4 + "forty ".length());
        assertThat(oversized.removed()).as("the withheld text is not kept").isEmpty();
    }

    @Test
    void aRestrictionThatMatchesUnboundedlyLongTextHoldsTheStreamToItsEnd() {
        StreamingFilter stream = StreamingFilter.builder(Decision.ALLOW).restrictions(OPEN_ENDED).windowChars(8)
                .open();
        String text = "costs broken down by vendor " + PROSE.repeat(5) + ". Done. ";
        StringBuilder emitted = new StringBuilder();
        for (int i = 0; i < text.length(); i += 5) {
            emitted.append(stream.accept(text.substring(i, Math.min(text.length(), i + 5))));
        }
        assertThat(emitted.toString()).isEmpty();
        assertThat(stream.held()).isEqualTo(text.length());
        emitted.append(stream.finish());
        assertThat(emitted.toString()).isEqualTo("costs [vendor breakdown withheld]. Done. ");
    }

    @Test
    void aFinishedStreamTakesNothingMore() {
        StreamingFilter stream = StreamingFilter.builder(Decision.ALLOW).open();
        assertThat(stream.finish()).isEmpty();
        assertThat(stream.redactions()).isEmpty();
        assertThatThrownBy(() -> stream.accept("x")).isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(stream::finish).isInstanceOf(InvalidInputException.class);
    }

    @Test
    void aMarkdownStreamIsEmittedBlockByBlockAsTheMarkdownPartIsFiltered() {
        String text = "# Plan\n\n" + PROSE + "**fo**rty boats\n\n- " + PROSE + "\n- keep\n\n" + PROSE.repeat(2)
                + "\n\n" + PROSE;
        StringBuilder emitted = new StringBuilder();
        StreamingFilter stream = markdown(Decision.PARTIAL, List.of());
        int firstEmitted = -1;
        for (int i = 0; i < text.length(); i++) {
            emitted.append(stream.accept(text.substring(i, i + 1)));
            if (firstEmitted < 0 && emitted.length() > 0) {
                firstEmitted = i;
            }
        }
        // The heading and the paragraph leave once the list after them is followed by a window of final text.
        assertThat(emitted.toString()).startsWith("# Plan\n\n" + PROSE + "**[figure withheld] boats\n\n");
        assertThat(firstEmitted).isLessThan(text.length() - PROSE.length());
        emitted.append(stream.finish());
        assertThat(emitted.toString()).isEqualTo(OutboundFilter.withoutRestrictions()
                .apply(Decision.PARTIAL, Part.markdown(text)).kept().orElseThrow().rendered());
    }

    @Test
    void aParagraphBeforeACodeBlockWaitsForRenderedTextAfterItWhichReadsOnFromIt() {
        List<QualitativeRestriction> restrictions = List.of(new QualitativeRestriction("plans", null,
                List.of("(?i)secret\\s{0,4}plan"), "[plan]"));
        // As rendered, the code block adds only a blank line: "secret" and "plan" read as one match across it.
        String text = PROSE + "secret\n\n```\n" + "code line\n".repeat(30) + "```\n\nplan " + PROSE.repeat(2);
        StreamingFilter stream = markdown(Decision.ALLOW, restrictions);
        StringBuilder emitted = new StringBuilder();
        for (int i = 0; i < text.length(); i += 3) {
            emitted.append(stream.accept(text.substring(i, Math.min(text.length(), i + 3))));
            assertThat(emitted.toString()).doesNotContain("secret");
        }
        emitted.append(stream.finish());
        assertThat(emitted.toString()).isEqualTo(OutboundFilter.create(restrictions)
                .apply(Decision.ALLOW, Part.markdown(text)).kept().orElseThrow().rendered()).contains("[plan]");
    }

    @Test
    void aReferenceLinkWhoseDefinitionMayStillComeIsHeldToTheEnd() {
        // The paragraph before the link's may not leave either: what it reads on into is not final as rendered.
        String text = PROSE + "\n\n" + PROSE + "\n\nsee [forty][ref] now\n\n" + PROSE.repeat(3) + "\n\n[ref]: https://x.example/4\n";
        StreamingFilter stream = markdown(Decision.PARTIAL, List.of());
        StringBuilder emitted = new StringBuilder();
        for (int i = 0; i < text.length(); i += 4) {
            emitted.append(stream.accept(text.substring(i, Math.min(text.length(), i + 4))));
        }
        assertThat(emitted.toString()).isEqualTo(PROSE + "\n\n");
        emitted.append(stream.finish());
        assertThat(emitted.toString()).isEqualTo(OutboundFilter.withoutRestrictions()
                .apply(Decision.PARTIAL, Part.markdown(text)).kept().orElseThrow().rendered());
    }

    @Test
    void aPlainMarkdownParagraphStreamsWithinItselfUntilMarkupThatLaterTextCouldClose() {
        String text = PROSE.repeat(6) + "keep fo**rty " + PROSE.repeat(6) + "boats** now\n\n" + PROSE.repeat(3);
        StreamingFilter stream = markdown(Decision.PARTIAL, List.of());
        StringBuilder emitted = new StringBuilder();
        int atOpener = text.indexOf("**") + 2;
        int atCloser = text.indexOf("**", atOpener);
        for (int i = 0; i < text.length(); i++) {
            emitted.append(stream.accept(text.substring(i, i + 1)));
            if (i == atOpener) {
                assertThat(emitted.length()).as("emitted within the paragraph").isGreaterThan(PROSE.length() * 4);
            }
            if (i < atCloser + 2) {
                // Until the closer arrives, "fo" may still join what follows as rendered: nothing after it left.
                assertThat(emitted.toString()).doesNotContain("keep fo");
            }
        }
        emitted.append(stream.finish());
        assertThat(emitted.toString()).isEqualTo(OutboundFilter.withoutRestrictions()
                .apply(Decision.PARTIAL, Part.markdown(text)).kept().orElseThrow().rendered());
    }

    private static String streamed(StreamingFilter stream, List<String> chunks) {
        StringBuilder emitted = new StringBuilder();
        for (String chunk : chunks) {
            emitted.append(stream.accept(chunk));
        }
        return emitted.append(stream.finish()).toString();
    }

    private static StreamingFilter markdown(Decision decision, List<QualitativeRestriction> restrictions) {
        return StreamingFilter.builder(decision).restrictions(restrictions).windowChars(16).markdown().open();
    }

    @Test
    void theWindowIsPositive() {
        assertThatThrownBy(() -> StreamingFilter.builder(Decision.ALLOW).windowChars(0))
                .isInstanceOf(ConfigurationException.class);
    }
}
