package dev.keel.models.structured;

import java.util.List;
import java.util.Map;

/**
 * Checks a model's output (a plain JSON tree as the core codec parses it) against a contract. A stage contract
 * adapts in one line, for example
 * {@code OutputValidator v = out -> contract.validate(out).violations().stream().map(x -> new OutputViolation(x.code(), x.path(), x.message())).toList();}
 *
 * <p>Implementations must be pure and thread-safe, and report violations as values (an empty list when the
 * output is valid), never as exceptions.
 */
@FunctionalInterface
public interface OutputValidator {

    List<OutputViolation> validate(Map<String, Object> output);

    /** Accepts any JSON object. */
    static OutputValidator anyObject() {
        return output -> List.of();
    }
}
