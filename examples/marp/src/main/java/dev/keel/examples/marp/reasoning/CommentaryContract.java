package dev.keel.examples.marp.reasoning;

import dev.keel.core.json.DocumentFormat;
import dev.keel.core.json.JsonProblem;
import dev.keel.core.reask.Problem;
import dev.keel.core.reask.Reasker;
import dev.keel.core.reask.ReplyValidator;
import dev.keel.core.reask.Verdict;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The contract of the commentary call: one JSON object as {@code schema/commentary-reply.schema.json} defines it,
 * whose calendars are exactly those of the brief, each once. A reply that breaks it is rejected with its problems
 * by JSON pointer, never read: a calendar the evidence does not name is a violation, not a lookup. Immutable, pure
 * and thread-safe.
 */
final class CommentaryContract implements ReplyValidator<CommentaryReply> {

    /** A reply longer than this is rejected unread: the schema's limits together stay well below it. */
    static final int MAX_REPLY_LENGTH = 40_000;

    static final String TOO_LONG = "reply_too_long";
    static final String SCHEMA = "contract_violation";
    static final String UNKNOWN_CALENDAR = "unknown_calendar";
    static final String REPEATED_CALENDAR = "repeated_calendar";
    static final String MISSING_CALENDAR = "missing_calendar";

    private static final DocumentFormat<CommentaryReply> FORMAT = DocumentFormat.builder(CommentaryReply.class,
            "dev/keel/examples/marp/schema/commentary-reply.schema.json").build();

    private final List<String> calendars;

    private CommentaryContract(List<String> calendars) {
        this.calendars = List.copyOf(calendars);
    }

    /** The contract for a brief naming {@code calendars}. */
    static CommentaryContract forCalendars(List<String> calendars) {
        return new CommentaryContract(calendars);
    }

    @Override
    public Verdict<CommentaryReply> check(String reply, int attempt) {
        if (reply.length() > MAX_REPLY_LENGTH) {
            return Verdict.reject(List.of(new Problem(TOO_LONG, "", "the reply has " + reply.length()
                    + " characters; the commentary is at most " + MAX_REPLY_LENGTH)));
        }
        Verdict<Map<String, Object>> json = Reasker.jsonObject(reply);
        if (!json.accepted()) {
            return Verdict.reject(json.problems());
        }
        Map<String, Object> tree = json.value();
        List<JsonProblem> schema = FORMAT.problems(tree, "", "");
        if (!schema.isEmpty()) {
            return Verdict.reject(schema.stream().map(p -> new Problem(SCHEMA, p.pointer(), p.message())).toList());
        }
        CommentaryReply value = FORMAT.read(tree, "", problems -> new IllegalStateException(
                "a reply the schema accepts binds: " + JsonProblem.describe(null, problems)));
        List<Problem> problems = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < value.calendars().size(); i++) {
            String name = value.calendars().get(i).calendar();
            String pointer = "/calendars/" + i + "/calendar";
            if (!calendars.contains(name)) {
                problems.add(new Problem(UNKNOWN_CALENDAR, pointer, "names no calendar of the evidence; the"
                        + " calendars are " + String.join(", ", calendars)));
            } else if (!seen.add(name)) {
                problems.add(new Problem(REPEATED_CALENDAR, pointer, "names " + name + " a second time"));
            }
        }
        calendars.stream().filter(name -> !seen.contains(name)).forEach(name -> problems.add(
                new Problem(MISSING_CALENDAR, "/calendars", "has no note for " + name)));
        return problems.isEmpty() ? Verdict.accept(value) : Verdict.reject(problems);
    }
}
