package dev.keel.examples.marp.reasoning;

import java.util.List;

/**
 * A reply that keeps the commentary contract ({@code schema/commentary-reply.schema.json}): the comparison of the
 * calendars and one note per calendar of the evidence. Immutable and thread-safe.
 *
 * @param comparison the calendars compared
 * @param calendars  one note per calendar, each named as the evidence names it
 */
public record CommentaryReply(String comparison, List<CalendarNote> calendars) {

    public CommentaryReply {
        calendars = List.copyOf(calendars);
    }

    /**
     * One calendar's trade-offs.
     *
     * @param calendar  the calendar's name, as the evidence gives it
     * @param tradeOffs its trade-offs and bottlenecks, in words
     */
    public record CalendarNote(String calendar, String tradeOffs) {
    }

    /** The reply as one text: the comparison, then a line per calendar. */
    String text() {
        StringBuilder text = new StringBuilder(comparison.strip());
        calendars.forEach(note -> text.append("\n- ").append(note.calendar()).append(": ")
                .append(note.tradeOffs().strip()));
        return text.toString();
    }
}
