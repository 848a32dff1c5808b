package dev.keel.policy;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One piece of text the outbound filter removed ({@code keel-reading}), or the tool gate withheld from a tool's
 * arguments ({@link ToolCallVerdict#redactions()}): what kind, where in the original text, what it was and
 * what replaced it.
 *
 * <p>In a filtered text the offsets are in that text and {@link #pointer()} is empty. In a filtered {@link
 * dev.keel.core.content.Part} the redaction first names the string it is in: {@link #pointer()} is the JSON pointer
 * (RFC 6901) of that string in the part's fields, and {@link #start()} and {@link #end()} are offsets within that
 * string as it is held (before any escape in it is read); when {@link #inKey()} is true the string is the name of
 * the member the pointer names rather than its value. Pointers are written with the original member names, so
 * they locate the redaction in the original part. See {@link FilteredPart} for each kind's fields.
 *
 * <p>{@link #removed()} is the withheld text itself: it belongs in an audit trail, never in anything shown to
 * the user. A streaming filter's {@link #DENIED} and {@link #OVERSIZED} redactions have it empty: the filter
 * keeps no text it will never emit. Immutable and thread-safe.
 *
 * @param kind        {@link #NUMBER}, {@link #DATE}, {@link #QUARTER}, {@link #PERIOD}, {@link #WEEK},
 *                    {@link #PERCENTAGE}, {@link #MONEY}, {@link #DENIED}, {@link #OVERSIZED}, the id of a
 *                    {@link QualitativeRestriction}, a PARTIAL kind a {@link Recogniser} withheld
 *                    ({@code credentials}, a host's kind), or a {@link dev.keel.core.json.JsonBudget} code
 *                    ({@code json_too_deep}, {@code json_too_large}) in a part
 * @param start       the UTF-16 offset in the original text where the removed text starts
 * @param end         the UTF-16 offset just past it
 * @param removed     the removed text
 * @param replacement what stands in its place in the filtered text
 * @param pointer     the JSON pointer of the string the offsets are in, within a part; empty for a text and for a
 *                    part's only string
 * @param inKey       whether the offsets are in the name of the member {@code pointer} names rather than in its value
 */
public record Redaction(String kind, int start, int end, String removed, String replacement, String pointer,
                        boolean inKey) {

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
     * ({@link PolicyDocument#DEFAULT_FILTER_MAX_INPUT_CHARS} unless set otherwise): what is not read cannot be shown.
     */
    public static final String OVERSIZED = "oversized";

    public Redaction {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(removed, "removed");
        Objects.requireNonNull(replacement, "replacement");
        Objects.requireNonNull(pointer, "pointer");
    }

    /** A redaction in a text: offsets in the text itself. */
    public Redaction(String kind, int start, int end, String removed, String replacement) {
        this(kind, start, end, removed, replacement, "", false);
    }

    /** This redaction located in a part: in the string at {@code pointer}, its member's name when {@code inKey}. */
    public Redaction at(String pointer, boolean inKey) {
        return new Redaction(kind, start, end, removed, replacement, pointer, inKey);
    }

    /**
     * {@code {"kind", "start", "end", "removed", "replacement"}}, with {@code "pointer"} when it is not empty and
     * {@code "key": true} when the redaction is in a member's name (a text's redactions have neither).
     */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("kind", kind);
        wire.put("start", start);
        wire.put("end", end);
        wire.put("removed", removed);
        wire.put("replacement", replacement);
        if (!pointer.isEmpty()) {
            wire.put("pointer", pointer);
        }
        if (inKey) {
            wire.put("key", true);
        }
        return wire;
    }
}
