package dev.keel.policy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.Decision;
import java.util.List;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class OutboundFilterProperties {

    private static final OutboundFilter FILTER = OutboundFilter.create(MarpFixtures.policy());

    private static final String MONTHS = "january|february|march|april|may|june|july|august|september|october"
            + "|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec";
    private static final String ORDINALS = "first|second|third|fourth|fifth|tenth|twelfth|twentieth|twenty-first"
            + "|thirtieth|thirty-first";
    /** A month next to a day, in figures or words, either way round. */
    private static final Pattern MONTH_DAY = Pattern.compile("(?iu)\\b(?:" + MONTHS + ")\\.?\\s+(?:the\\s+)?(?:\\p{N}|(?:"
            + ORDINALS + ")\\b)|(?:\\p{N}|\\b(?:" + ORDINALS + "))(?:st|nd|rd|th)?\\s+(?:of\\s+)?(?:" + MONTHS + ")\\b");
    private static final Pattern NUMERIC = Pattern.compile("\\p{N}");

    @Provide
    Arbitrary<String> answers() {
        Arbitrary<String> words = Arbitraries.of("Calendar", "A", "B", "retires", "boats", "in", "the", "by", "dock",
                "capacity", "week", "weeks", "Q", "FY", "H", "percent", "%", "$", "€", "of", "and", "to", "-", "–",
                "/", ",", ".", "March", "May", "mar", "Sept.", "third", "first", "twenty", "one", "quarter", "hull",
                "million", "k", "M", "USD", "x", "(", ")", "±", "~");
        Arbitrary<String> numbers = Arbitraries.oneOf(
                Arbitraries.integers().between(0, 3000).map(String::valueOf),
                Arbitraries.strings().withCharRange('٠', '٩').ofMinLength(1).ofMaxLength(3),
                Arbitraries.strings().withCharRange('०', '९').ofMinLength(1).ofMaxLength(3),
                Arbitraries.strings().withCharRange('０', '９').ofMinLength(1).ofMaxLength(3),
                Arbitraries.of("½", "²", "Ⅻ", "①", "3rd", "21st", "12k", "4.5", "1,234.5", "Q3", "W12", "FY25"));
        Arbitrary<String> noise = Arbitraries.strings().all().ofMaxLength(4);
        Arbitrary<String> token = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(6, words), net.jqwik.api.Tuple.of(4, numbers), net.jqwik.api.Tuple.of(1, noise));
        Arbitrary<String> separator = Arbitraries.of(" ", " ", " ", "", "-", ", ", "\n", "/");
        return Combinators.combine(token, separator).as((t, s) -> t + s).list().ofMaxSize(40)
                .map(parts -> String.join("", parts));
    }

    @Provide
    Arbitrary<String> datedAnswers() {
        Arbitrary<String> month = Arbitraries.of("January", "March", "May", "June", "Sept.", "Dec", "october", "MAR");
        Arbitrary<String> day = Arbitraries.oneOf(Arbitraries.integers().between(1, 31).map(String::valueOf),
                Arbitraries.of("1st", "2nd", "3rd", "21st", "third", "first", "twenty-first", "thirtieth", "٣", "３"));
        Arbitrary<String> date = Combinators.combine(month, day, Arbitraries.integers().between(0, 3))
                .as((m, d, form) -> switch (form) {
                    case 0 -> m + " " + d;
                    case 1 -> d + " " + m;
                    case 2 -> "the " + d + " of " + m;
                    default -> m + " the " + d;
                });
        return Combinators.combine(answers(), date, answers()).as((before, d, after) -> before + " " + d + " " + after);
    }

    @Property(tries = 500)
    void partialOutputHasNoDigitOfAnyScript(@ForAll("answers") String answer) {
        String text = FILTER.apply(Decision.PARTIAL, answer).text();

        assertThat(NUMERIC.matcher(text).find()).as("numeric character left in %s", text).isFalse();
    }

    @Property(tries = 500)
    void partialOutputHasNoMonthDayDate(@ForAll("datedAnswers") String answer) {
        String text = FILTER.apply(Decision.PARTIAL, answer).text();

        assertThat(NUMERIC.matcher(text).find()).as("numeric character left in %s", text).isFalse();
        assertThat(MONTH_DAY.matcher(text).find()).as("month-day date left in %s", text).isFalse();
    }

    @Property(tries = 300)
    void filteringNeverThrowsOnAnyText(@ForAll String text, @ForAll Decision decision) {
        FilteredText filtered = FILTER.apply(decision, text);

        assertThat(filtered.decision()).isEqualTo(decision);
    }

    @Property(tries = 300)
    void redactionsAccountForEveryChange(@ForAll("answers") String answer, @ForAll Decision decision) {
        FilteredText filtered = FILTER.apply(decision, answer);

        // Rebuild the output from the input and the report: they must agree exactly.
        StringBuilder rebuilt = new StringBuilder();
        int copied = 0;
        List<Redaction> redactions = filtered.redactions();
        for (Redaction r : redactions) {
            assertThat(r.start()).isGreaterThanOrEqualTo(copied);
            assertThat(answer.substring(r.start(), r.end())).isEqualTo(r.removed());
            rebuilt.append(answer, copied, r.start()).append(r.replacement());
            copied = r.end();
        }
        rebuilt.append(answer, copied, answer.length());
        assertThat(decision == Decision.DENY ? "" : rebuilt.toString()).isEqualTo(filtered.text());
    }

    @Property(tries = 200)
    void partialIsIdempotent(@ForAll("answers") String answer) {
        String once = FILTER.apply(Decision.PARTIAL, answer).text();

        assertThat(FILTER.apply(Decision.PARTIAL, once).text()).isEqualTo(once);
    }
}
