package dev.keel.policy;

import dev.keel.core.json.JsonPointers;
import java.util.Objects;

/**
 * One problem found in a policy document: where (a JSON pointer into the document) and what.
 *
 * <p>Immutable and thread-safe.
 *
 * @param pointer the JSON pointer (RFC 6901) of the offending value, for example
 *                {@code /roles/planner/default_decision}; {@code ""} for the document itself
 * @param message the problem, for example {@code must be ALLOW or PARTIAL}
 */
public record PolicyViolation(String pointer, String message) implements Comparable<PolicyViolation> {

    public PolicyViolation {
        Objects.requireNonNull(pointer, "pointer");
        Objects.requireNonNull(message, "message");
    }

    @Override
    public int compareTo(PolicyViolation other) {
        int byPointer = pointer.compareTo(other.pointer);
        return byPointer != 0 ? byPointer : message.compareTo(other.message);
    }

    /** {@code pointer: message}, the form used in exception messages. */
    @Override
    public String toString() {
        return JsonPointers.display(pointer) + ": " + message;
    }
}
