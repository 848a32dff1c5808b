package dev.keel.rules;

import dev.keel.core.InvalidInputException;
import dev.keel.core.json.JsonProblem;
import java.util.List;

/**
 * Rules, or a rule book, that cannot be loaded: every problem found, each with the JSON pointer of the offending
 * value (code {@code invalid_rules}). Immutable and thread-safe.
 */
public final class InvalidRulesException extends InvalidInputException {

    private static final long serialVersionUID = 1L;

    /** The problems, in the order found. */
    private final transient List<JsonProblem> problems;

    public InvalidRulesException(String title, List<JsonProblem> problems) {
        super("invalid_rules", JsonProblem.describe(title, problems));
        this.problems = List.copyOf(problems);
    }

    /** Every problem, with its pointer. */
    public List<JsonProblem> problems() {
        return problems;
    }
}
