package dev.keel.examples.hospital;

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
 * The contract of the ward's model call: one JSON object as {@code schema/ward-answer.schema.json} defines it, whose
 * record ids are ids the prompt gave, each once. A reply that breaks it is rejected with its problems by JSON
 * pointer: an id that names no record is a violation, not a lookup. Immutable, pure and thread-safe.
 */
final class WardAnswerContract implements ReplyValidator<WardReply> {

    /** A reply longer than this is rejected unread: the schema's limits together stay well below it. */
    static final int MAX_REPLY_LENGTH = 60_000;

    static final String TOO_LONG = "reply_too_long";
    static final String SCHEMA = "contract_violation";
    static final String UNKNOWN_RECORD = "unknown_record";
    static final String REPEATED_RECORD = "repeated_record";

    private static final DocumentFormat<WardReply> FORMAT = DocumentFormat.builder(WardReply.class,
            "dev/keel/examples/hospital/schema/ward-answer.schema.json").build();

    private final Set<String> ids;

    private WardAnswerContract(Set<String> ids) {
        this.ids = Set.copyOf(ids);
    }

    /** The contract for a prompt that gave the records {@code ids}. */
    static WardAnswerContract over(Set<String> ids) {
        return new WardAnswerContract(ids);
    }

    @Override
    public Verdict<WardReply> check(String reply, int attempt) {
        if (reply.length() > MAX_REPLY_LENGTH) {
            return Verdict.reject(List.of(new Problem(TOO_LONG, "", "the reply has " + reply.length()
                    + " characters; an answer is at most " + MAX_REPLY_LENGTH)));
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
        WardReply value = FORMAT.read(tree, "", problems -> new IllegalStateException(
                "a reply the schema accepts binds: " + JsonProblem.describe(null, problems)));
        List<Problem> problems = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < value.records().size(); i++) {
            String id = value.records().get(i);
            if (!ids.contains(id)) {
                problems.add(new Problem(UNKNOWN_RECORD, "/records/" + i, "names no ward record of the prompt;"
                        + " cite only the ids given with the records"));
            } else if (!seen.add(id)) {
                problems.add(new Problem(REPEATED_RECORD, "/records/" + i, "cites " + id + " a second time"));
            }
        }
        return problems.isEmpty() ? Verdict.accept(value) : Verdict.reject(problems);
    }
}
