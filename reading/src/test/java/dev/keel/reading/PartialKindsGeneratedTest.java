package dev.keel.reading;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.Decision;
import dev.keel.core.content.Part;
import dev.keel.policy.HostRecognisers;
import dev.keel.policy.PartialKinds;
import dev.keel.policy.QualitativeRestriction;
import dev.keel.policy.Redaction;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Properties of PARTIAL's kinds over generated texts and kind sets, from fixed seeds (printed on failure): withholding
 * more kinds never shows more; PARTIAL, whatever it keeps, never shows what ALLOW withholds; the defaults give what the
 * filter gave before kinds existed; the same input gives the same output.
 */
class PartialKindsGeneratedTest {

    private static final long SEED = 20250612L;
    private static final int CASES = 400;

    private static final List<String> KINDS = List.of("figures", "identifiers", "amounts", "percentages", "dates",
            "credentials", "iban", "record_number");
    private static final String[] PIECES = {"Bed L-12", "B52", "L-&#49;2", "bed 12-B", "x²", "COVID-19", "3 May",
        "14 March 2025", "Q3", "Q3-Q4", "week 12", "FY25", "H2", "in may", "40%", "twelve percent", "12-13%",
        "$1,200", "EUR 4.1 million", "twelve", "twenty-one", "a third of", "٣", "1,234", "-5", "MRN 4037721",
        "DE89370400440532013000", "DE88370400440532013000", "GB82 WEST 1234 5698 7654 32", "sk-ant-abcdefghijklmnopq",
        "AKIAABCDEFGHIJKLMNOP", "unit AB-123", "the ward", "nurses", "and", "to", ",", ".", "-", " ", " ", "\n",
        "**", "*", "`", "\\n", "&amp;", "\u200b", "hull 7", "Mrs Ash"};

    private final OutboundFilter filter = OutboundFilter.builder()
            .restrictions(List.of(new QualitativeRestriction("no_units", "", List.of("\\b[A-Z]{2,4}-\\d{2,4}\\b"),
                    "[unit withheld]"), new QualitativeRestriction("no_names", "", List.of("Mrs [A-Z]\\w+"), "")))
            .recogniser(new HostRecognisers.Iban()).recogniser(new HostRecognisers.RecordNumber()).build();
    private final OutboundFilter before = OutboundFilter.create(List.of(new QualitativeRestriction("no_units", "",
            List.of("\\b[A-Z]{2,4}-\\d{2,4}\\b"), "[unit withheld]"), new QualitativeRestriction("no_names", "",
            List.of("Mrs [A-Z]\\w+"), "")));

    @Test
    void withholdingMoreKindsNeverShowsMore() {
        Random random = new Random(SEED);
        for (int c = 0; c < CASES; c++) {
            String text = text(random);
            PartialKinds fewer = kinds(random);
            PartialKinds more = fewer.union(kinds(random));
            boolean markdown = random.nextBoolean();
            String why = "seed " + SEED + ", case " + c + ": " + fewer.withheld() + " then " + more.withheld()
                    + (markdown ? " as Markdown" : "") + " of \"" + text + "\"";

            BitSet withheldByFewer = withheld(text, markdown, kinds -> kinds, fewer);
            BitSet withheldByMore = withheld(text, markdown, kinds -> kinds, more);
            BitSet notWithheldByMore = (BitSet) withheldByFewer.clone();
            notWithheldByMore.andNot(withheldByMore);
            assertThat(notWithheldByMore.isEmpty()).as("%s: shown by more, withheld by fewer: %s", why, notWithheldByMore).isTrue();
        }
    }

    @Test
    void partialNeverShowsWhatAllowWithholds() {
        Random random = new Random(SEED + 1);
        for (int c = 0; c < CASES; c++) {
            String text = text(random);
            PartialKinds kinds = kinds(random);
            String why = "seed " + (SEED + 1) + ", case " + c + ": " + kinds.withheld() + " of \"" + text + "\"";

            BitSet allow = covered(filter.apply(Decision.ALLOW, kinds, text).redactions(), text.length());
            BitSet partial = covered(filter.apply(Decision.PARTIAL, kinds, text).redactions(), text.length());
            allow.andNot(partial);
            assertThat(allow.isEmpty()).as("%s: withheld by ALLOW, shown by PARTIAL: %s", why, allow).isTrue();
        }
    }

    @Test
    void theDefaultsGiveWhatTheFilterGaveBefore() {
        Random random = new Random(SEED + 2);
        for (int c = 0; c < CASES; c++) {
            String text = text(random);
            String why = "seed " + (SEED + 2) + ", case " + c + ": \"" + text + "\"";

            FilteredText old = before.apply(Decision.PARTIAL, text);
            assertThat(filter.apply(Decision.PARTIAL, PartialKinds.defaults(), text)).as(why).isEqualTo(old);
            assertThat(filter.apply(Decision.PARTIAL, text)).as(why).isEqualTo(old);
            assertThat(filter.apply(Decision.PARTIAL, PartialKinds.defaults(), Part.markdown(text))).as(why)
                    .isEqualTo(before.apply(Decision.PARTIAL, Part.markdown(text)));
        }
    }

    @Test
    void theSameInputGivesTheSameOutput() {
        Random random = new Random(SEED + 3);
        for (int c = 0; c < CASES / 4; c++) {
            String text = text(random);
            PartialKinds kinds = kinds(random);
            OutboundFilter fresh = OutboundFilter.builder().recogniser(new HostRecognisers.RecordNumber())
                    .recogniser(new HostRecognisers.Iban()).restrictions(List.of(new QualitativeRestriction(
                            "no_units", "", List.of("\\b[A-Z]{2,4}-\\d{2,4}\\b"), "[unit withheld]"),
                            new QualitativeRestriction("no_names", "", List.of("Mrs [A-Z]\\w+"), ""))).build();
            String why = "seed " + (SEED + 3) + ", case " + c + ": " + kinds.withheld() + " of \"" + text + "\"";

            FilteredText first = filter.apply(Decision.PARTIAL, kinds, text);
            assertThat(filter.apply(Decision.PARTIAL, kinds, text)).as(why).isEqualTo(first);
            assertThat(fresh.apply(Decision.PARTIAL, PartialKinds.of(new ArrayList<>(kinds.withheld())), text))
                    .as(why).isEqualTo(first);
        }
    }

    private BitSet withheld(String text, boolean markdown, Function<PartialKinds, PartialKinds> same,
                            PartialKinds kinds) {
        List<Redaction> redactions = markdown
                ? filter.apply(Decision.PARTIAL, same.apply(kinds), Part.markdown(text)).redactions()
                : filter.apply(Decision.PARTIAL, same.apply(kinds), text).redactions();
        return covered(redactions, text.length());
    }

    private static BitSet covered(List<Redaction> redactions, int length) {
        BitSet covered = new BitSet(length);
        redactions.forEach(redaction -> covered.set(redaction.start(), redaction.end()));
        return covered;
    }

    private static String text(Random random) {
        StringBuilder text = new StringBuilder();
        int pieces = 1 + random.nextInt(12);
        for (int i = 0; i < pieces; i++) {
            text.append(PIECES[random.nextInt(PIECES.length)]);
            if (random.nextInt(3) > 0) {
                text.append(' ');
            }
        }
        return text.toString();
    }

    private static PartialKinds kinds(Random random) {
        List<String> kinds = new ArrayList<>();
        for (String kind : KINDS) {
            if (random.nextInt(3) == 0) {
                kinds.add(kind);
            }
        }
        return PartialKinds.of(kinds);
    }
}
