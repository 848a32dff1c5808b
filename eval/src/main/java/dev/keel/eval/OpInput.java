package dev.keel.eval;

import dev.keel.core.Decision;
import dev.keel.core.InvalidInputException;
import dev.keel.core.json.JsonProblem;
import dev.keel.core.json.JsonTreeReader;
import dev.keel.core.json.JsonTreeReader.ObjectValue;
import dev.keel.core.json.JsonTreeReader.Value;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.PolicyValidationException;
import dev.keel.policy.PolicyViolation;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * Reads the input object of a {@code keel eval} operation: its members are read with a {@link JsonTreeReader}, and
 * {@link #throwIfProblems()} refuses the input with one {@link InvalidInputException} ({@code invalid_input}) naming
 * every problem by JSON pointer, the first one first. Not thread-safe: one reads one input.
 */
final class OpInput {

    private final JsonTreeReader reader;
    private final ObjectValue input;

    OpInput(Map<String, Object> input, Set<String> keys) {
        this.reader = JsonTreeReader.of(input);
        this.input = reader.root().object(keys);
    }

    Value required(String key) {
        return input.required(key);
    }

    Value optional(String key) {
        return input.optional(key);
    }

    /**
     * The required member {@code "policy"}, with a problem when it is null; read it with {@link #policy(Value)} once
     * the input has no problems.
     */
    Value policyMember() {
        Value policy = input.required("policy");
        if (policy.isNull()) {
            policy.problem("must be a policy document, found null");
        }
        return policy;
    }

    /** The required member {@code "decision"}: ALLOW, PARTIAL or DENY; null, with a problem, when it is not. */
    @Nullable Decision decision() {
        Value value = input.required("decision");
        String name = value.string();
        Decision decision = name == null ? null : Decision.parse(name).orElse(null);
        if (name != null && decision == null) {
            value.problem("must be ALLOW, PARTIAL or DENY, found " + JsonTreeReader.describe(name));
        }
        return decision;
    }

    /** @throws InvalidInputException naming every problem found so far */
    void throwIfProblems() {
        reader.throwIfProblems(problems -> new InvalidInputException("invalid_input",
                JsonProblem.describe(null, problems)));
    }

    /**
     * {@code value} as a policy document; its violations are reported under its pointer, with the code
     * {@code invalid_policy}.
     */
    static PolicyDocument policy(Value value) {
        try {
            return PolicyDocument.fromTree(value.raw(), value.pointer());
        } catch (PolicyValidationException e) {
            throw new InvalidInputException("invalid_policy", e.violations().stream()
                    .map(PolicyViolation::toString).collect(Collectors.joining("; ")), e);
        }
    }
}
