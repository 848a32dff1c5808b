package dev.keel.reading;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.Decision;
import dev.keel.policy.MarpFixtures;
import dev.keel.policy.PolicyValidationException;
import dev.keel.policy.PolicyViolation;
import dev.keel.policy.QualitativeRestriction;
import dev.keel.policy.Redaction;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What the outbound filter withholds under each decision, and how it reports it. */
class OutboundFilterTest {

    private final OutboundFilter plain = OutboundFilter.withoutRestrictions();
    private final OutboundFilter marp = OutboundFilter.create(MarpFixtures.policy());

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        // explicit numbers, in digits of any script and in words
        "Retire 2 boats                       | Retire [figure withheld] boats                 | number",
        "Retire two boats                     | Retire [figure withheld] boats                 | number",
        "twenty-five hulls                    | [figure withheld] hulls                        | number",
        "a hundred and fifty crew             | a [figure withheld] crew                       | number",
        "1,234.5 tonnes                       | [figure withheld] tonnes                       | number",
        "between 12 and 15 boats              | between [figure withheld] boats                | number",
        "temperature -12 here                 | temperature [figure withheld] here             | number",
        "Arabic ٣ boats                       | Arabic [figure withheld] boats                 | number",
        "Devanagari ३ boats                   | Devanagari [figure withheld] boats             | number",
        "fullwidth ３ boats                   | fullwidth [figure withheld] boats              | number",
        "the B52 and x² and ½                 | the [figure withheld] and [figure withheld] and [figure withheld] | number",
        "hundreds of sailors                  | [figure withheld] of sailors                   | number",
        "in the nineties                      | in the [figure withheld]                       | number",
        "a third party                        | a [figure withheld] party                      | number",
        "twenty-first boat                    | [figure withheld] boat                         | number",
        // dates
        "on March 3rd we start                | on [date withheld] we start                    | date",
        "on 14 April 2026 we start            | on [date withheld] we start                    | date",
        "the 21st of May                      | the [date withheld]                            | date",
        "by Mar. 3                            | by [date withheld]                             | date",
        "march the third                      | [date withheld]                                | date",
        "the third of March                   | the [date withheld]                            | date",
        "2025-03-14 is final                  | [date withheld] is final                       | date",
        "14/03/2025 is final                  | [date withheld] is final                       | date",
        "in 2025 and 2026                     | in [date withheld]                             | date",
        "during March                         | during [date withheld]                         | date",
        "in May the dock                      | in [date withheld] the dock                    | date",
        "by December                          | by [date withheld]                             | date",
        "DECEMBER plans                       | [date withheld] plans                          | date",
        "in year II                           | in [date withheld]                             | date",
        // quarters and other periods
        "in Q3                                | in [quarter withheld]                          | quarter",
        "in Q3–Q4 2025                        | in [quarter withheld]                          | quarter",
        "in q3 and q4                         | in [quarter withheld]                          | quarter",
        "the third quarter                    | the [quarter withheld]                         | quarter",
        "spend in FY25                        | spend in [period withheld]                     | period",
        "spend in FY2025 Q3                   | spend in [period withheld]                     | period",
        "the H2 2025 plan                     | the [period withheld] plan                     | period",
        "the second half of the year          | the [period withheld]                          | period",
        "in the first half                    | in the [period withheld]                       | period",
        "in quarter one                       | in [quarter withheld]                          | quarter",
        // week numbers
        "until week 12                        | until [week withheld]                          | week",
        "in weeks 3-5                         | in [week withheld]                             | week",
        "in W12                               | in [week withheld]                             | week",
        "calendar week twelve                 | [week withheld]                                | week",
        "the 3rd week                         | the [week withheld]                            | week",
        "the first week                       | the [week withheld]                            | week",
        // percentages
        "capability at 80%                    | capability at [percentage withheld]            | percentage",
        "at 92 percent                        | at [percentage withheld]                       | percentage",
        "up 3 percentage points               | up [percentage withheld]                       | percentage",
        "within ±3.2%                         | within [percentage withheld]                   | percentage",
        "ninety percent                       | [percentage withheld]                          | percentage",
        "one percent                          | [percentage withheld]                          | percentage",
        // money
        "costs $4.5M                          | costs [amount withheld]                        | money",
        "costs EUR 4.1 million                | costs [amount withheld]                        | money",
        "costs €300k                          | costs [amount withheld]                        | money",
        "costs 1,234.5 k€                     | costs [amount withheld]                        | money",
        "costs 12 million dollars             | costs [amount withheld]                        | money",
        "costs two million dollars            | costs [amount withheld]                        | money",
        "costs $2-3M                          | costs [amount withheld]                        | money",
    })
    void partialWithholdsExplicitFiguresAndDates(String text, String expected, String kind) {
        FilteredText filtered = plain.apply(Decision.PARTIAL, text.strip());

        assertThat(filtered.text()).isEqualTo(expected.strip());
        assertThat(filtered.redactions()).extracting(Redaction::kind).contains(kind);
    }

    /** Forms that PARTIAL used to let through (invisible and full-width characters written as Java escapes). */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "in the thirteenth week                | in the [week withheld]",
        "by the thirtieth week                 | by the [week withheld]",
        "until the twentieth week              | until the [week withheld]",
        "after the fortieth week               | after the [week withheld]",
        "the seventeenth boat                  | the [figure withheld] boat",
        "the fiftieth boat                     | the [figure withheld] boat",
        "until week one                        | until [week withheld]",
        "until calendar week one               | until [week withheld]",
        "third-quarter results                 | [quarter withheld] results",
        "in december we start                  | in [date withheld] we start",
        "in DECEMBER we start                  | in [date withheld] we start",
        "until week XIII                       | until [week withheld]",
        "in Quarter IV                         | in [quarter withheld]",
        "eigh\u00adty boats                    | [figure withheld] boats",
        "eigh\u200bty boats                    | [figure withheld] boats",
        "eigh\u0300ty boats                    | [figure withheld] boats",
        "\uff45\uff49\uff47\uff48\uff54\uff59 boats | [figure withheld] boats",
        "one third of the budget               | [figure withheld] of the budget",
        "a quarter of the budget               | a [figure withheld] of the budget",
        "half of the budget                    | [figure withheld] of the budget",
        "eightyfour boats                      | [figure withheld] boats",
        "ninetyish boats                       | [figure withheld] boats",
        "&half; of the budget                  | [figure withheld] of the budget",
        "&#56;&#x34; boats                     | [figure withheld] boats",
    })
    void partialWithholdsFormsThatUsedToLeak(String text, String expected) {
        FilteredText filtered = plain.apply(Decision.PARTIAL, text);

        assertThat(filtered.text()).isEqualTo(expected.strip());
    }

    @Test
    void aGuestSeesNoneOfTheFiguresAModelSlipsIntoItsReply() {
        String reply = "Calendar B retires both boats in the third-quarter, in week XIII, then in calendar week one, spending"
                + " one third of the budget (eigh\u00adty percent of it in DECEMBER); dock use peaks at ninetyish percent"
                + " in the thirteenth week, with \uff45\uff49\uff47\uff48\uff54\uff59 crew, &half; of the spares and"
                + " eightyfour berth-days.";

        FilteredText filtered = marp.apply(Decision.PARTIAL, reply);

        assertThat(filtered.text()).isEqualTo("Calendar B retires both boats in the [quarter withheld], in [week withheld],"
                + " then in [week withheld], spending [figure withheld] of the budget ([percentage withheld] of it in"
                + " [date withheld]); dock use peaks at [percentage withheld] in the [week withheld], with"
                + " [figure withheld] crew, [figure withheld] of the spares and [figure withheld] berth-days.");
        assertThat(filtered.redactions()).hasSize(11);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "Calendar A keeps capability above the threshold while Calendar B front-loads retirements.",
        "We may slip; the march towards retirement is steady.",
        "One of the calendars is safer; the second calendar is cheaper.",
        "Quarterly reviews and weekly curves are available on request.",
        "Weekly dock use peaks early, then falls back.",
        "First, we retire the older boats; this week I met the planners; no one objected.",
        "Living quarters are fine; the march towards retirement is steady; a second look helps.",
    })
    void partialLeavesQualitativeTextAlone(String text) {
        FilteredText filtered = plain.apply(Decision.PARTIAL, text);

        assertThat(filtered.text()).isEqualTo(text);
        assertThat(filtered.redactions()).isEmpty();
    }

    @Test
    void redactionsReportWhatWasRemovedAndWhere() {
        String text = "Retire two boats in Q3 at 80%.";

        FilteredText filtered = plain.apply(Decision.PARTIAL, text);

        assertThat(filtered.redactions()).extracting(Redaction::kind).containsExactly("number", "quarter", "percentage");
        assertThat(filtered.redactions()).allSatisfy(r -> {
            assertThat(text.substring(r.start(), r.end())).isEqualTo(r.removed());
            assertThat(filtered.text()).contains(r.replacement());
        });
        assertThat(filtered.redactions()).extracting(Redaction::removed).containsExactly("two", "Q3", "80%");
    }

    @Test
    void allowKeepsFiguresButAppliesTheQualitativeRestrictions() {
        String text = "Calendar A retires hull 12 and SSN-774 in Q3 at 80%. Budget split by vendor: Acme 40%, Beta 60%.";

        FilteredText filtered = marp.apply(Decision.ALLOW, text);

        assertThat(filtered.text()).isEqualTo(
                "Calendar A retires [unit withheld] and [unit withheld] in Q3 at 80%. Budget [vendor detail withheld].");
        assertThat(filtered.redactions()).extracting(Redaction::kind)
                .containsExactly("no_unit_level_ids", "no_unit_level_ids", "no_vendor_breakdowns");
    }

    @Test
    void allowWithoutRestrictionsChangesNothing() {
        String text = "Retire 2 boats in Q3 2025 at 80% for $4.5M.";

        assertThat(plain.apply(Decision.ALLOW, text)).isEqualTo(new FilteredText(Decision.ALLOW, text, List.of()));
    }

    @Test
    void partialAppliesTheRestrictionsTooAndMergesOverlaps() {
        String text = "Hull 12 retires in Q3; supplier Acme Marine ships spares.";

        FilteredText filtered = marp.apply(Decision.PARTIAL, text);

        assertThat(filtered.text()).isEqualTo("[unit withheld] retires in [quarter withheld]; [vendor detail withheld] ships spares.");
        assertThat(filtered.redactions()).extracting(Redaction::kind)
                .containsExactly("no_unit_level_ids", "quarter", "no_vendor_breakdowns");
    }

    @Test
    void denyProducesNoText() {
        FilteredText filtered = marp.apply(Decision.DENY, "Retire two boats in Q3.");

        assertThat(filtered.text()).isEmpty();
        assertThat(filtered.redactions()).containsExactly(
                new Redaction(Redaction.DENIED, 0, 23, "Retire two boats in Q3.", ""));
        assertThat(marp.apply(Decision.DENY, "").redactions()).isEmpty();
    }

    @Test
    void theWireFormIsTheEvalOpResult() {
        assertThat(plain.apply(Decision.PARTIAL, "in Q3").toWire()).isEqualTo(java.util.Map.of(
                "text", "in [quarter withheld]",
                "redactions", List.of(java.util.Map.of("kind", "quarter", "start", 3, "end", 5, "removed", "Q3",
                        "replacement", "[quarter withheld]"))));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "[unit 12 withheld]      | 12",
        "[unit twelve withheld]  | twelve",
        "[unit &#49; withheld]   | &#49;",
        "[withheld in March 3rd] | March 3rd",
    })
    void aReplacementThatWouldShowAFigureIsRefused(String replacement, String figure) {
        assertThatThrownBy(() -> OutboundFilter.create(List.of(
                new QualitativeRestriction("ids", "", List.of("ID-\\d+"), replacement))))
                .isInstanceOfSatisfying(PolicyValidationException.class, e -> assertThat(e.violations())
                        .singleElement().satisfies(v -> {
                            assertThat(v.pointer()).isEqualTo("/restrictions/0/replacement");
                            assertThat(v.message()).contains("must not contain a figure").contains("\"" + figure + "\"");
                        }));
    }

    @Test
    void invalidRestrictionsAreRejected() {
        assertThatThrownBy(() -> OutboundFilter.create(List.of(QualitativeRestriction.of("Bad Id", List.of("[")))))
                .isInstanceOfSatisfying(PolicyValidationException.class, e -> assertThat(e.violations())
                        .extracting(PolicyViolation::pointer)
                        .containsExactly("/restrictions/0/id", "/restrictions/0/patterns/0"));
    }
}
