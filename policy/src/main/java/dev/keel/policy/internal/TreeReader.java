package dev.keel.policy.internal;

import dev.keel.core.json.JsonCodec;
import dev.keel.policy.PolicyViolation;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads members of a plain JSON tree (see {@link dev.keel.core.json.JsonCodec}) with type checks, collecting
 * one {@link PolicyViolation} per value of the wrong type or unknown key instead of failing at the first.
 *
 * <p>An absent member and an explicit {@code null} both read as null: whether a member is required is for the
 * constraints to say. Not thread-safe; use one reader per document.
 */
public final class TreeReader {

    private final List<PolicyViolation> violations = new ArrayList<>();

    /** The problems found so far, in the order found. */
    public List<PolicyViolation> violations() {
        return violations;
    }

    /** {@code value} as an object, or null (with a violation unless it is null) when it is not one. */
    @SuppressWarnings("unchecked")
    public Map<String, Object> object(Object value, String pointer, Set<String> knownKeys) {
        if (value == null) {
            return null;
        }
        if (!(value instanceof Map)) {
            wrongType(pointer, "an object", value);
            return null;
        }
        Map<String, Object> object = (Map<String, Object>) value;
        for (String key : object.keySet()) {
            if (!knownKeys.contains(key)) {
                violations.add(new PolicyViolation(JsonPointers.child(pointer, key),
                        "unknown field; expected one of " + String.join(", ", knownKeys.stream().sorted().toList())));
            }
        }
        return object;
    }

    /** The member {@code key} as a string, or null. */
    public String string(Map<String, Object> object, String key, String pointer) {
        Object value = object.get(key);
        if (value == null || value instanceof String) {
            return (String) value;
        }
        wrongType(JsonPointers.child(pointer, key), "a string", value);
        return null;
    }

    /** The member {@code key} as an array of strings, or null. */
    public List<String> strings(Map<String, Object> object, String key, String pointer) {
        List<Object> items = array(object, key, pointer);
        if (items == null) {
            return null;
        }
        List<String> strings = new ArrayList<>(items.size());
        String itemsPointer = JsonPointers.child(pointer, key);
        for (int i = 0; i < items.size(); i++) {
            Object item = items.get(i);
            if (item instanceof String) {
                strings.add((String) item);
            } else {
                wrongType(JsonPointers.child(itemsPointer, i), "a string", item);
            }
        }
        return Collections.unmodifiableList(strings);
    }

    /** The member {@code key} as an array, or null. */
    @SuppressWarnings("unchecked")
    public List<Object> array(Map<String, Object> object, String key, String pointer) {
        Object value = object.get(key);
        if (value == null || value instanceof List) {
            return (List<Object>) value;
        }
        wrongType(JsonPointers.child(pointer, key), "an array", value);
        return null;
    }

    /** The member {@code key} as an object whose keys are names (each value unchecked), or null. */
    @SuppressWarnings("unchecked")
    public Map<String, Object> map(Map<String, Object> object, String key, String pointer) {
        Object value = object.get(key);
        if (value == null) {
            return null;
        }
        if (!(value instanceof Map)) {
            wrongType(JsonPointers.child(pointer, key), "an object", value);
            return null;
        }
        return Collections.unmodifiableMap(new LinkedHashMap<>((Map<String, Object>) value));
    }

    /** The member {@code key} as an integer that fits an {@code int}, or null. */
    public Integer integer(Map<String, Object> object, String key, String pointer) {
        Object value = object.get(key);
        if (value == null) {
            return null;
        }
        if (value instanceof BigDecimal) {
            try {
                return ((BigDecimal) value).intValueExact();
            } catch (ArithmeticException e) {
                wrongType(JsonPointers.child(pointer, key), "an integer", value);
                return null;
            }
        }
        wrongType(JsonPointers.child(pointer, key), "an integer", value);
        return null;
    }

    /** The member {@code key} as a boolean, or null. */
    public Boolean bool(Map<String, Object> object, String key, String pointer) {
        Object value = object.get(key);
        if (value == null || value instanceof Boolean) {
            return (Boolean) value;
        }
        wrongType(JsonPointers.child(pointer, key), "a boolean", value);
        return null;
    }

    private void wrongType(String pointer, String expected, Object found) {
        violations.add(new PolicyViolation(pointer, "must be " + expected + ", found " + describe(found)));
    }

    /** How a plain JSON value is named in messages. */
    public static String describe(Object value) {
        return value instanceof BigDecimal ? "the number " + ((BigDecimal) value).toPlainString() : JsonCodec.describe(value);
    }
}
