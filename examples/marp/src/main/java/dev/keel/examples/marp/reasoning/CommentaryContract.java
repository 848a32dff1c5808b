package dev.keel.examples.marp.reasoning;

import dev.keel.core.json.DocumentFormat;
import dev.keel.core.reask.Problem;
import dev.keel.core.reask.ReplyValidator;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The contract of the commentary call: one JSON object as {@code schema/commentary-reply.schema.json} defines it,
 * whose calendars are exactly those of the brief, each once. A reply that breaks it is rejected with its problems
 * by JSON pointer (core's {@link ReplyValidator#document}), never read: a calendar the evidence does not name is a
 * violation, not a lookup. Pure and thread-safe.
 */
final class CommentaryContract {

    /** A reply longer than this is rejected unread: the schema's limits together stay well below it. */
    static final int MAX_REPLY_LENGTH = 40_000;

    static final String UNKNOWN_CALENDAR = "unknown_calendar";
    static final String REPEATED_CALENDAR = "repeated_calendar";
    static final String MISSING_CALENDAR = "missing_calendar";

    private static final DocumentFormat<CommentaryReply> FORMAT = DocumentFormat.builder(CommentaryReply.class,
            "dev/keel/examples/marp/schema/commentary-reply.schema.json").build();

    private CommentaryContract() {
    }

    /** The contract for a brief naming {@code calendars}. */
    static ReplyValidator<CommentaryReply> forCalendars(List<String> calendars) {
        List<String> named = List.copyOf(calendars);
        return ReplyValidator.document(FORMAT, MAX_REPLY_LENGTH, value -> {
            List<Problem> problems = new ArrayList<>();
            Set<String> seen = new HashSet<>();
            for (int i = 0; i < value.calendars().size(); i++) {
                String name = value.calendars().get(i).calendar();
                String pointer = "/calendars/" + i + "/calendar";
                if (!named.contains(name)) {
                    problems.add(new Problem(UNKNOWN_CALENDAR, pointer, "names no calendar of the evidence; the"
                            + " calendars are " + String.join(", ", named)));
                } else if (!seen.add(name)) {
                    problems.add(new Problem(REPEATED_CALENDAR, pointer, "names " + name + " a second time"));
                }
            }
            named.stream().filter(name -> !seen.contains(name)).forEach(name -> problems.add(
                    new Problem(MISSING_CALENDAR, "/calendars", "has no note for " + name)));
            return problems;
        });
    }
}
