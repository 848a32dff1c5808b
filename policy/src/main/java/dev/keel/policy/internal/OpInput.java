package dev.keel.policy.internal;

import dev.keel.core.InvalidInputException;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.PolicyValidationException;
import dev.keel.policy.PolicyViolation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Reads the input object of a {@code keel eval} operation, rejecting what it cannot accept with an
 * {@link InvalidInputException} whose message starts with the JSON pointer of the offending field. Pure and
 * thread-safe.
 */
final class OpInput {

    private final Map<String, Object> input;

    OpInput(Map<String, Object> input, Set<String> knownKeys) {
        this.input = input;
        for (String key : input.keySet()) {
            if (!knownKeys.contains(key)) {
                throw new InvalidInputException("invalid_input", JsonPointers.child("", key)
                        + ": unknown field; expected " + String.join(", ", new TreeSet<>(knownKeys)));
            }
        }
    }

    boolean has(String key) {
        return input.get(key) != null;
    }

    String requiredString(String key) {
        String value = optionalString(key);
        if (value == null) {
            throw new InvalidInputException("invalid_input", "/" + key + ": required, a string");
        }
        return value;
    }

    String optionalString(String key) {
        Object value = input.get(key);
        if (value == null || value instanceof String) {
            return (String) value;
        }
        throw new InvalidInputException("invalid_input", "/" + key + ": must be a string, found "
                + TreeReader.describe(value));
    }

    List<String> optionalStrings(String key) {
        Object value = input.get(key);
        if (value == null) {
            return List.of();
        }
        if (!(value instanceof List)) {
            throw new InvalidInputException("invalid_input", "/" + key + ": must be an array of strings, found "
                    + TreeReader.describe(value));
        }
        List<?> items = (List<?>) value;
        List<String> strings = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) {
            Object item = items.get(i);
            if (!(item instanceof String)) {
                throw new InvalidInputException("invalid_input", "/" + key + "/" + i + ": must be a string, found "
                        + TreeReader.describe(item));
            }
            strings.add((String) item);
        }
        return strings;
    }

    /** The member {@code key} as a policy document; violations are reported under {@code /key}. */
    PolicyDocument policy(String key) {
        Object value = input.get(key);
        try {
            return PolicyDocument.fromTree(value);
        } catch (PolicyValidationException e) {
            String prefix = "/" + key;
            throw new InvalidInputException("invalid_policy", e.violations().stream()
                    .map(v -> new PolicyViolation(prefix + v.pointer(), v.message()).toString())
                    .collect(Collectors.joining("; ")), e);
        }
    }
}
