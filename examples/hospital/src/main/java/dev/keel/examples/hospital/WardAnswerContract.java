package dev.keel.examples.hospital;

import dev.keel.core.json.DocumentFormat;
import dev.keel.core.reask.Problem;
import dev.keel.core.reask.ReplyValidator;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The contract of the ward's model call: one JSON object as {@code schema/ward-answer.schema.json} defines it
 * (core's {@link ReplyValidator#document}), whose record ids are ids the prompt gave, each once. A reply that breaks
 * it is rejected with its problems by JSON pointer: an id that names no record is a violation, not a lookup. Pure
 * and thread-safe.
 */
final class WardAnswerContract {

    /** A reply longer than this is rejected unread: the schema's limits together stay well below it. */
    static final int MAX_REPLY_LENGTH = 60_000;

    static final String UNKNOWN_RECORD = "unknown_record";
    static final String REPEATED_RECORD = "repeated_record";

    private static final DocumentFormat<WardReply> FORMAT = DocumentFormat.builder(WardReply.class,
            "dev/keel/examples/hospital/schema/ward-answer.schema.json").build();

    private WardAnswerContract() {
    }

    /** The contract for a prompt that gave the records {@code ids}. */
    static ReplyValidator<WardReply> over(Set<String> ids) {
        Set<String> given = Set.copyOf(ids);
        return ReplyValidator.document(FORMAT, MAX_REPLY_LENGTH, value -> {
            List<Problem> problems = new ArrayList<>();
            Set<String> seen = new HashSet<>();
            for (int i = 0; i < value.records().size(); i++) {
                String id = value.records().get(i);
                if (!given.contains(id)) {
                    problems.add(new Problem(UNKNOWN_RECORD, "/records/" + i, "names no ward record of the prompt;"
                            + " cite only the ids given with the records"));
                } else if (!seen.add(id)) {
                    problems.add(new Problem(REPEATED_RECORD, "/records/" + i, "cites " + id + " a second time"));
                }
            }
            return problems;
        });
    }
}
