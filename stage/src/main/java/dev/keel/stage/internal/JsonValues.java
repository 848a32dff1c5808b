package dev.keel.stage.internal;

import dev.keel.core.json.JsonCodec;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Small functions over plain-value JSON trees. Pure; thread-safe. */
public final class JsonValues {

    private JsonValues() {
    }

    /**
     * A number as the exact decimal it was written as: {@link BigDecimal} as is, integral types exactly, doubles
     * and floats through their shortest decimal text; null for NaN, infinities and unknown {@link Number} types.
     */
    public static BigDecimal decimal(Number number) {
        if (number instanceof BigDecimal) {
            return (BigDecimal) number;
        }
        if (number instanceof Integer || number instanceof Long || number instanceof Short || number instanceof Byte) {
            return BigDecimal.valueOf(number.longValue());
        }
        if (number instanceof BigInteger) {
            return new BigDecimal((BigInteger) number);
        }
        if (number instanceof Double || number instanceof Float) {
            double d = number.doubleValue();
            return Double.isFinite(d) ? new BigDecimal(number.toString()) : null;
        }
        return null;
    }

    /** A value quoted for a message, cut to a readable length. */
    public static String quote(Object value) {
        String text;
        if (value instanceof String) {
            text = "\"" + value + "\"";
        } else if (value instanceof Number) {
            BigDecimal decimal = decimal((Number) value);
            text = decimal == null ? String.valueOf(value) : decimal.toString();
        } else if (value == null || value instanceof Boolean) {
            text = String.valueOf(value);
        } else {
            return JsonCodec.describe(value);
        }
        return text.length() <= 80 ? text : text.substring(0, 77) + "...";
    }

    /**
     * A deep, unmodifiable copy of a plain-value tree (maps keep their order); values that are not JSON values
     * are kept as they are.
     */
    public static Object freeze(Object value) {
        if (value instanceof Map) {
            Map<?, ?> map = (Map<?, ?>) value;
            LinkedHashMap<String, Object> copy = new LinkedHashMap<>(Math.max(4, map.size() * 2));
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                copy.put(String.valueOf(entry.getKey()), freeze(entry.getValue()));
            }
            return Collections.unmodifiableMap(copy);
        }
        if (value instanceof List) {
            List<?> list = (List<?>) value;
            List<Object> copy = new ArrayList<>(list.size());
            for (Object item : list) {
                copy.add(freeze(item));
            }
            return Collections.unmodifiableList(copy);
        }
        return value;
    }
}
