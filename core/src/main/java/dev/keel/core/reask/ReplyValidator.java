package dev.keel.core.reask;

import dev.keel.core.json.DocumentFormat;
import dev.keel.core.json.JsonProblem;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * Reads and checks one reply of a model for a {@link Reasker}: problems are values in the {@link Verdict}, never
 * exceptions. Implementations must be thread-safe when the re-asker is shared; most are pure.
 */
@FunctionalInterface
public interface ReplyValidator<T> {

    /**
     * @param reply   the reply's text, as received
     * @param attempt 1 for the first reply, 2 for the reply to the first re-ask, ...
     */
    Verdict<T> check(String reply, int attempt);

    /**
     * The contract of a call whose reply is one JSON document of {@code format}, checked in this order, each step
     * only when the ones before passed: at most {@code maxReplyChars} characters ({@link Problem#TOO_LONG}, the reply
     * unread), one JSON object ({@link Problem#NOT_JSON}), what {@code format}'s schema accepts
     * ({@link Problem#CONTRACT_VIOLATION} at each refused value's pointer), then {@code check} on the bound value:
     * what the schema cannot state, such as an identifier that must be one the prompt gave (a violation, never a
     * lookup). Pure and thread-safe when {@code check} is.
     *
     * @param check the problems of a value the schema accepted; none to accept it
     */
    static <T> ReplyValidator<T> document(DocumentFormat<T> format, int maxReplyChars,
                                          Function<T, List<Problem>> check) {
        Objects.requireNonNull(format, "format");
        Objects.requireNonNull(check, "check");
        return (reply, attempt) -> {
            if (reply.length() > maxReplyChars) {
                return Verdict.reject(List.of(new Problem(Problem.TOO_LONG, "", "the reply has " + reply.length()
                        + " characters; at most " + maxReplyChars + " are read")));
            }
            Verdict<Map<String, Object>> json = Reasker.jsonObject(reply);
            if (!json.accepted()) {
                return Verdict.reject(json.problems());
            }
            Map<String, Object> tree = Objects.requireNonNull(json.value(), "an accepted reply has a value");
            List<JsonProblem> refused = format.problems(tree, "", "");
            if (!refused.isEmpty()) {
                return Verdict.reject(refused.stream()
                        .map(problem -> new Problem(Problem.CONTRACT_VIOLATION, problem.pointer(),
                                Objects.requireNonNull(problem.message(), "message")))
                        .toList());
            }
            T value = format.read(tree, "", problems -> new IllegalStateException(
                    "a reply the schema accepts binds: " + JsonProblem.describe(null, problems)));
            List<Problem> problems = check.apply(value);
            return problems.isEmpty() ? Verdict.accept(value) : Verdict.reject(problems);
        };
    }
}
