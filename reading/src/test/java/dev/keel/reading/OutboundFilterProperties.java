package dev.keel.reading;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.Decision;
import dev.keel.policy.MarpFixtures;
import dev.keel.policy.Redaction;
import dev.keel.test.properties.Gen;
import dev.keel.test.properties.Property;
import dev.keel.test.properties.Weighted;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class OutboundFilterProperties {

    private static final OutboundFilter FILTER = OutboundFilter.create(MarpFixtures.policy());
    private static final Gen<Decision> DECISIONS = Gen.of(Decision.values());

    private static final String MONTHS = "january|february|march|april|may|june|july|august|september|october"
            + "|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec";
    private static final String ORDINALS = "first|second|third|fourth|fifth|tenth|twelfth|twentieth|twenty-first"
            + "|thirtieth|thirty-first";
    /** A month next to a day, in figures or words, either way round. */
    private static final Pattern MONTH_DAY = Pattern.compile("(?iu)\\b(?:" + MONTHS + ")\\.?\\s+(?:the\\s+)?(?:\\p{N}|(?:"
            + ORDINALS + ")\\b)|(?:\\p{N}|\\b(?:" + ORDINALS + "))(?:st|nd|rd|th)?\\s+(?:of\\s+)?(?:" + MONTHS + ")\\b");
    private static final Pattern NUMERIC = Pattern.compile("\\p{N}");

    private static Gen<String> answers() {
        Gen<String> words = Gen.of("Calendar", "A", "B", "retires", "boats", "in", "the", "by", "dock",
                "capacity", "week", "weeks", "Q", "FY", "H", "percent", "%", "$", "€", "of", "and", "to", "-", "–",
                "/", ",", ".", "March", "May", "mar", "Sept.", "third", "first", "twenty", "one", "quarter", "hull",
                "million", "k", "M", "USD", "x", "(", ")", "±", "~");
        Gen<String> numbers = Gen.oneOf(
                Gen.integers(0, 3000).map(String::valueOf),
                Gen.strings().withCharRange('٠', '٩').ofMinLength(1).ofMaxLength(3),
                Gen.strings().withCharRange('०', '९').ofMinLength(1).ofMaxLength(3),
                Gen.strings().withCharRange('０', '９').ofMinLength(1).ofMaxLength(3),
                Gen.of("½", "²", "Ⅻ", "①", "3rd", "21st", "12k", "4.5", "1,234.5", "Q3", "W12", "FY25"));
        Gen<String> noise = Gen.strings().all().ofMaxLength(4);
        Gen<String> token = Gen.frequency(Weighted.of(6, words), Weighted.of(4, numbers), Weighted.of(1, noise));
        Gen<String> separator = Gen.of(" ", " ", " ", "", "-", ", ", "\n", "/");
        Gen<String> part = c -> token.generate(c) + separator.generate(c);
        return part.list().ofMaxSize(40).map(parts -> String.join("", parts));
    }

    private static Gen<String> datedAnswers() {
        Gen<String> month = Gen.of("January", "March", "May", "June", "Sept.", "Dec", "october", "MAR");
        Gen<String> day = Gen.oneOf(Gen.integers(1, 31).map(String::valueOf),
                Gen.of("1st", "2nd", "3rd", "21st", "third", "first", "twenty-first", "thirtieth", "٣", "３"));
        Gen<Integer> forms = Gen.integers(0, 3);
        Gen<String> date = c -> {
            String m = month.generate(c);
            String d = day.generate(c);
            return switch (forms.generate(c)) {
                case 0 -> m + " " + d;
                case 1 -> d + " " + m;
                case 2 -> "the " + d + " of " + m;
                default -> m + " the " + d;
            };
        };
        Gen<String> answers = answers();
        return c -> answers.generate(c) + " " + date.generate(c) + " " + answers.generate(c);
    }

    @Test
    void partialOutputHasNoDigitOfAnyScript() {
        Property.forAll(answers()).tries(500).check(answer -> {
            String text = FILTER.apply(Decision.PARTIAL, answer).text();

            assertThat(NUMERIC.matcher(text).find()).as("numeric character left in %s", text).isFalse();
        });
    }

    @Test
    void partialOutputHasNoMonthDayDate() {
        Property.forAll(datedAnswers()).tries(500).check(answer -> {
            String text = FILTER.apply(Decision.PARTIAL, answer).text();

            assertThat(NUMERIC.matcher(text).find()).as("numeric character left in %s", text).isFalse();
            assertThat(MONTH_DAY.matcher(text).find()).as("month-day date left in %s", text).isFalse();
        });
    }

    @Test
    void filteringNeverThrowsOnAnyText() {
        Property.forAll(Gen.strings().all(), DECISIONS).tries(300).check((text, decision) -> {
            FilteredText filtered = FILTER.apply(decision, text);

            assertThat(filtered.decision()).isEqualTo(decision);
        });
    }

    @Test
    void redactionsAccountForEveryChange() {
        Property.forAll(answers(), DECISIONS).tries(300).check((answer, decision) -> {
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
        });
    }

    @Test
    void partialIsIdempotent() {
        Property.forAll(answers()).tries(200).check(answer -> {
            String once = FILTER.apply(Decision.PARTIAL, answer).text();

            assertThat(FILTER.apply(Decision.PARTIAL, once).text()).isEqualTo(once);
        });
    }
}
