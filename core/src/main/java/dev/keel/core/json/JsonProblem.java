package dev.keel.core.json;

import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * One problem found in a JSON document: where (a {@linkplain JsonPointers JSON pointer} into the document) and what.
 * Immutable and thread-safe.
 *
 * @param pointer the JSON pointer (RFC 6901) of the offending value, for example {@code /roles/planner/default};
 *                {@code ""} for the document itself
 * @param message the problem, for example {@code must be a string, found the number 7}
 */
public record JsonProblem(String pointer, @Nullable String message) {

    public JsonProblem {
        Objects.requireNonNull(pointer, "pointer");
        Objects.requireNonNull(message, "message");
    }

    /** {@code pointer: message}, the root shown as {@code /}: the form exception messages use. */
    @Override
    public String toString() {
        return JsonPointers.display(pointer) + ": " + message;
    }

    /** The problems as one message: {@code title: /a: problem; /b: problem} (just the problems without a title). */
    public static String describe(@Nullable String title, List<JsonProblem> problems) {
        String listed = problems.stream().map(JsonProblem::toString).collect(Collectors.joining("; "));
        return title == null || title.isEmpty() ? listed : title + ": " + listed;
    }
}
