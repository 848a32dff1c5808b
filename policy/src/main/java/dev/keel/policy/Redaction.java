package dev.keel.policy;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One piece of text the {@link OutboundFilter} removed: what kind, where in the original text, what it was and
 * what replaced it.
 *
 * <p>{@link #removed()} is the withheld text itself: it belongs in an audit trail, never in anything shown to
 * the user. Immutable and thread-safe.
 *
 * @param kind        {@link #NUMBER}, {@link #DATE}, {@link #QUARTER}, {@link #PERIOD}, {@link #WEEK},
 *                    {@link #PERCENTAGE}, {@link #MONEY}, {@link #DENIED}, {@link #OVERSIZED}, or the id of a
 *                    {@link QualitativeRestriction}
 * @param start       the UTF-16 offset in the original text where the removed text starts
 * @param end         the UTF-16 offset just past it
 * @param removed     the removed text
 * @param replacement what stands in its place in the filtered text
 */
public record Redaction(String kind, int start, int end, String removed, String replacement) {

    /** An explicit number: digits of any script, number words, fractions, ranges. */
    public static final String NUMBER = "number";
    /** A date: month and day, month name, numeric date, year. */
    public static final String DATE = "date";
    /** A quarter: {@code Q3}, {@code Q3–Q4 2025}, {@code third quarter}. */
    public static final String QUARTER = "quarter";
    /** Another calendar period: half-year ({@code H2}), fiscal year ({@code FY25}). */
    public static final String PERIOD = "period";
    /** A week number: {@code week 12}, {@code W12}, {@code weeks 3-5}, {@code third week}. */
    public static final String WEEK = "week";
    /** A percentage: {@code 12%}, {@code 12 percent}, {@code 3 percentage points}. */
    public static final String PERCENTAGE = "percentage";
    /** A money amount: {@code $4.5M}, {@code EUR 300k}, {@code 12 million dollars}. */
    public static final String MONEY = "money";
    /** The whole text, withheld because the decision is DENY. */
    public static final String DENIED = "denied";
    /**
     * The whole text, withheld because it is longer than the outbound filter reads
     * ({@link OutboundFilter#DEFAULT_MAX_INPUT_CHARS} unless set otherwise): what is not read cannot be shown.
     */
    public static final String OVERSIZED = "oversized";

    public Redaction {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(removed, "removed");
        Objects.requireNonNull(replacement, "replacement");
    }

    /** {@code {"kind", "start", "end", "removed", "replacement"}}. */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("kind", kind);
        wire.put("start", start);
        wire.put("end", end);
        wire.put("removed", removed);
        wire.put("replacement", replacement);
        return wire;
    }
}
