package dev.keel.rules;

import dev.keel.core.InvalidInputException;
import dev.keel.core.json.JsonNumbers;
import java.math.BigDecimal;

/**
 * A turn's variable as a CEL value: a number written without a fraction or exponent that fits 64 bits is an
 * {@code int}, every other number a {@code double}; a string is a {@code string}, a boolean a {@code bool}. Pure and
 * thread-safe.
 */
final class CelValues {

    private CelValues() {
    }

    /**
     * @throws InvalidInputException for any other value ({@code null}, an array, an object)
     */
    static Object of(Object value) {
        if (value instanceof String || value instanceof Boolean) {
            return value;
        }
        if (value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof Byte) {
            return ((Number) value).longValue();
        }
        if (value instanceof Number) {
            BigDecimal decimal = JsonNumbers.decimal((Number) value);
            if (decimal == null) {
                throw new InvalidInputException("must be a finite number, a string or a boolean");
            }
            boolean integral = !(value instanceof Double || value instanceof Float) && decimal.scale() == 0
                    && !JsonNumbers.writtenWithExponent(value);
            if (integral && decimal.unscaledValue().bitLength() < 64) {
                return decimal.longValue();
            }
            return decimal.doubleValue();
        }
        throw new InvalidInputException("must be a number, a string or a boolean, found "
                + (value == null ? "null" : value instanceof java.util.List ? "an array" : "an object"));
    }
}
