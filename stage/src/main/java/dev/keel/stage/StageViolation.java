package dev.keel.stage;

import dev.keel.core.reask.Problem;
import java.util.Objects;

/**
 * One way a stage output breaks its contract. Immutable and thread-safe.
 *
 * @param code    what kind of violation
 * @param path    JSON pointer (RFC 6901) of the offending value in the output; {@code ""} for the output as a
 *                whole (raw text that is not an object, a {@code cached_state} precondition)
 * @param message what is wrong and what was expected, for people and for the model's re-ask
 */
public record StageViolation(ViolationCode code, String path, String message) {

    public StageViolation {
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(message, "message");
    }

    /** This violation as the re-ask mechanism carries it. */
    public Problem toProblem() {
        return new Problem(code.code(), path, message);
    }

    /** {@code [code] path: message}, as a line of a re-ask note. */
    @Override
    public String toString() {
        return toProblem().toString();
    }
}
