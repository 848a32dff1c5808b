package dev.keel.committee;

import dev.keel.core.InvalidInputException;
import dev.keel.core.json.JsonProblem;
import java.util.List;

/**
 * A chat request that does not follow the request contract: every problem, by JSON pointer. Code
 * {@code invalid_request}. Immutable and thread-safe.
 */
public final class InvalidCommitteeRequestException extends InvalidInputException {

    private static final long serialVersionUID = 1L;

    private final transient List<JsonProblem> problems;

    public InvalidCommitteeRequestException(List<JsonProblem> problems) {
        super("invalid_request", JsonProblem.describe("invalid chat request", problems));
        this.problems = List.copyOf(problems);
    }

    /** The problems, in the order found. */
    public List<JsonProblem> problems() {
        return problems;
    }
}
