package dev.keel.committee;

import java.util.Objects;

/**
 * One broken invariant of a reply, found by {@link ReplyInvariants}: a stable code and what is wrong. Immutable,
 * pure and thread-safe.
 */
public record InvariantViolation(String code, String message) {

    public InvariantViolation {
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(message, "message");
    }

    @Override
    public String toString() {
        return code + ": " + message;
    }
}
