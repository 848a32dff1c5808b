package dev.keel.test.core;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.AbstractAssert;
import org.assertj.core.api.Assertions;
import org.jspecify.annotations.Nullable;

/**
 * Assertions on a JSON tree as {@code dev.keel.core.json.JsonCodec} reads it (maps, lists, {@link BigDecimal}
 * numbers, strings, booleans, null), for comparing an answer with a conformance case's expected JSON: equal trees,
 * numbers compared by value ({@code 0.80} equals {@code 0.8}), and a failure that names the JSON pointer of the
 * first difference. Not thread-safe (one assertion, one thread), as every AssertJ assertion.
 */
public final class JsonTreeAssert extends AbstractAssert<JsonTreeAssert, Object> {

    JsonTreeAssert(Object actual) {
        super(actual, JsonTreeAssert.class);
    }

    /** Same keys, same lengths, same values at every pointer; numbers by value. */
    public JsonTreeAssert isSameJsonAs(Object expected) {
        same(actual, expected, "");
        return this;
    }

    private static void same(@Nullable Object actual, @Nullable Object expected, String pointer) {
        if (expected instanceof Map<?, ?> e && actual instanceof Map<?, ?> a) {
            Assertions.assertThat(a.keySet()).as("keys at %s", pointer.isEmpty() ? "/" : pointer)
                    .isEqualTo(e.keySet());
            for (Object key : e.keySet()) {
                same(a.get(key), e.get(key), pointer + "/" + key);
            }
        } else if (expected instanceof List<?> e && actual instanceof List<?> a) {
            Assertions.assertThat(a).as("length at %s: %s", pointer, a).hasSameSizeAs(e);
            for (int i = 0; i < e.size(); i++) {
                same(a.get(i), e.get(i), pointer + "/" + i);
            }
        } else if (expected instanceof BigDecimal e && actual instanceof BigDecimal a) {
            Assertions.assertThat(a).as("number at %s", pointer).isEqualByComparingTo(e);
        } else {
            Assertions.assertThat(actual).as("value at %s", pointer).isEqualTo(expected);
        }
    }
}
