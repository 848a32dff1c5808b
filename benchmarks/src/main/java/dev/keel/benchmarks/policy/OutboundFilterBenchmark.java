package dev.keel.benchmarks.policy;

import dev.keel.core.Decision;
import dev.keel.examples.marp.MarpData;
import dev.keel.reading.FilteredText;
import dev.keel.reading.OutboundFilter;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The outbound filter on a 2 KB MARP answer (about 60 figures, dates, quarters, weeks, percentages and amounts,
 * plus unit IDs and a vendor breakdown): PARTIAL alone, and PARTIAL and ALLOW with the MARP policy's qualitative
 * restrictions, beside one JDK pass over the text that produces a new string of its size. The filter reads the
 * answer normalised, and a text already in normal form (plain ASCII, or typeset with dashes and euro signs) is
 * kept as it is; {@link #partialTypographic} runs PARTIAL on the answer typeset with no-break spaces between
 * figures and units, which NFKC changes, so the whole normalisation runs.
 */
@State(Scope.Benchmark)
@BenchmarkMode({Mode.AverageTime, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class OutboundFilterBenchmark {

    /** The answer: also what the scripted model answers in the governed call benchmarks. */
    public static final String ANSWER = """
            Summary
            Retiring two boats in Q3 2025 keeps capability above the 80% threshold in both calendars, but the \
            margin differs: Calendar A bottoms out at 83% in week 31, Calendar B at 81% in week 36. Dock \
            utilisation peaks at 92 percent in weeks 30-34 under Calendar A and at 88% in weeks 35-38 under \
            Calendar B. The budget envelope of $412.5M holds in both, with Calendar B spending EUR 3.2 million \
            more in FY25 H2.

            Transition Calendar A
            Calendar A retires hull 12 on 14 July 2025 and SSN-774 on September 1st, front-loading the dock work. \
            Crew readiness drops to 76% for three weeks, then recovers to 85% by week 40. Spares consumption \
            rises by 12% in Q3 and falls back by 4.5% in Q4. Budget: $118.2M in Q3, $96.4M in Q4.

            Transition Calendar B (with comparison to A)
            Calendar B retires both boats in the third quarter but spaces them 6 weeks apart (18 August and \
            29 September 2025). Capability stays between 81% and 86%, never below the threshold, and dock use \
            never exceeds 88 percent. Spares spend is split by vendor: Acme Marine 40%, Northern Yards 35%, \
            Baltic Supply 25%. Budget: $121.0M in Q3 and $99.8M in Q4, about 2.1% more than Calendar A.

            Bottlenecks
            The dock is the binding constraint from week 30 to week 38: 3 of 4 berths are busy, and crew \
            readiness limits refits to 2 at a time. Spares lead times of 10-14 weeks mean orders must be placed \
            before 1 May 2025, and a 5% budget reserve covers a slip of up to 3 weeks.

            Policy considerations
            Both calendars respect the 2025-2026 envelope and the minimum of 14 available boats. Calendar A \
            concentrates risk in weeks 31-34; Calendar B spreads it across Q3 and Q4. Unit-level identifiers \
            and vendor breakdowns are restricted and must not leave the governed view.

            For auditors
            Figures come from the governed data view (rows 1-52, weeks 27-52 of 2025) and the regulated \
            knowledge (calendars A and B, thresholds of 80% and 85%). Confidence: high; 3 minor gaps noted.
            """;

    /** The answer as typeset: en dashes for hyphens, euros for dollars, a no-break space after each figure. */
    static final String TYPOGRAPHIC_ANSWER = ANSWER.replace('-', '–').replace('$', '€').replaceAll("(\\d) ", "$1\u00a0");

    OutboundFilter withoutRestrictions;
    OutboundFilter marp;
    String answer = ANSWER;
    String typographicAnswer = TYPOGRAPHIC_ANSWER;

    @Setup
    public void setUp() {
        withoutRestrictions = OutboundFilter.withoutRestrictions();
        marp = OutboundFilter.create(MarpData.policy());
        if (answer.length() < 1900 || answer.length() > 2300) {
            throw new IllegalStateException("the answer should be about 2 KB, is " + answer.length() + " characters");
        }
    }

    /**
     * A floor: one pass of the JDK over the answer producing a new string of its size. (A plain copy is no floor:
     * the JIT turns {@code new StringBuilder(s).toString()} into sharing the array.)
     */
    @Benchmark
    public String lowerCaseText() {
        return answer.toLowerCase(Locale.ROOT);
    }

    /** The PARTIAL filter: numbers, dates, quarters, weeks, percentages, amounts. */
    @Benchmark
    public FilteredText partial() {
        return withoutRestrictions.apply(Decision.PARTIAL, answer);
    }

    /** PARTIAL on the typeset answer: the whole normalisation runs first. */
    @Benchmark
    public FilteredText partialTypographic() {
        return withoutRestrictions.apply(Decision.PARTIAL, typographicAnswer);
    }

    /** PARTIAL plus the MARP policy's five qualitative-restriction patterns (RE2/J). */
    @Benchmark
    public FilteredText partialWithMarpRestrictions() {
        return marp.apply(Decision.PARTIAL, answer);
    }

    /** ALLOW: only the MARP policy's five qualitative-restriction patterns (RE2/J). */
    @Benchmark
    public FilteredText allowWithMarpRestrictions() {
        return marp.apply(Decision.ALLOW, answer);
    }
}
