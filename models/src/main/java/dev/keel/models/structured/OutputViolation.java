package dev.keel.models.structured;

import dev.keel.core.reask.Problem;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One way a model's output breaks its contract, as the stage runtime reports it: a stable code, the JSON
 * pointer of the offending value ({@code ""} for the whole output) and a message. Immutable, pure and thread-safe.
 */
public record OutputViolation(String code, String path, String message) {

    /** The code of a reply that is not a JSON object at all (the codec's code is kept in the message). */
    public static final String NOT_JSON = Problem.NOT_JSON;

    public OutputViolation {
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(message, "message");
    }

    /** {@code problem} as a violation: the re-ask mechanism's pointer is the path. */
    public static OutputViolation of(Problem problem) {
        return new OutputViolation(problem.code(), problem.pointer(), problem.message());
    }

    /** This violation as the re-ask mechanism carries it. */
    public Problem toProblem() {
        return new Problem(code, path, message);
    }

    /** {@code {"code", "path", "message"}}, as the {@code stage} op of {@code keel eval} writes violations. */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("code", code);
        wire.put("path", path);
        wire.put("message", message);
        return wire;
    }
}
