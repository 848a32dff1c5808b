package dev.keel.stage;

import dev.keel.core.json.JsonNumbers;
import dev.keel.core.InvalidContractException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * "The value at this pointer equals this value": the test of a {@link StageRule.When} rule and of a
 * {@link NextStepRule.Branch}. The pointer reads either the stage output or {@code cached_state}. A condition
 * holds only when the pointer finds a value and that value equals {@link #value()}: numbers compare by value
 * ({@code 1} equals {@code 1.0}), everything else exactly; an absent value never matches.
 *
 * <p>Immutable and thread-safe.
 *
 * @param source  where the pointer reads
 * @param pointer the value to test
 * @param value   a JSON scalar: a string, a boolean, a number (kept as {@link BigDecimal}) or null
 */
public record Condition(Source source, Pointer pointer, @Nullable Object value) {

    /** What a {@link Condition} reads. */
    public enum Source {
        /** The stage output being validated. */
        OUTPUT("output"),
        /** The session's {@code cached_state} before this stage. */
        STATE("state");

        private final String wireName;

        Source(String wireName) {
            this.wireName = wireName;
        }

        /** The key that introduces the pointer in the contract form: {@code output} or {@code state}. */
        public String wireName() {
            return wireName;
        }
    }

    public Condition {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(pointer, "pointer");
        if (pointer.hasWildcard()) {
            throw new InvalidContractException("a condition reads one value; '" + pointer + "' has a wildcard");
        }
        value = scalar(value);
    }

    /** A condition on the stage output. */
    public static Condition output(String pointer, @Nullable Object value) {
        return new Condition(Source.OUTPUT, Pointer.of(pointer), value);
    }

    /** A condition on {@code cached_state}. */
    public static Condition state(String pointer, @Nullable Object value) {
        return new Condition(Source.STATE, Pointer.of(pointer), value);
    }

    /** Whether {@code actual} (a value found at the pointer) equals this condition's value. */
    public boolean matches(@Nullable Object actual) {
        if (value instanceof BigDecimal && actual instanceof Number) {
            BigDecimal number = JsonNumbers.decimal((Number) actual);
            return number != null && ((BigDecimal) value).compareTo(number) == 0;
        }
        return Objects.equals(value, actual);
    }

    private static @Nullable Object scalar(@Nullable Object value) {
        if (value == null || value instanceof String || value instanceof Boolean || value instanceof BigDecimal) {
            return value;
        }
        if (value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof Byte) {
            return BigDecimal.valueOf(((Number) value).longValue());
        }
        if (value instanceof BigInteger) {
            return new BigDecimal((BigInteger) value);
        }
        throw new InvalidContractException("a condition compares with a string, boolean, number or null, found "
                + value.getClass().getSimpleName());
    }
}
