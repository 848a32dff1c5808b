package dev.keel.evidence;

import com.fasterxml.jackson.core.io.schubfach.DoubleToDecimal;
import dev.keel.core.InvalidInputException;
import dev.keel.core.text.JsText;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The JavaScript conversions the protocol's reference implementation applies to loosely typed input, on the
 * plain-value trees of {@link dev.keel.core.json.JsonCodec} ({@code Map}, {@code List}, {@code String}, {@code
 * BigDecimal} or any other {@code Number}, {@code Boolean}, null) plus {@link #UNDEFINED} for a missing property.
 *
 * <p>Each method names the ECMAScript operation it reproduces. Numbers are taken as JavaScript does: a JSON number
 * is the nearest IEEE double ({@code BigDecimal.doubleValue()} rounds correctly, as {@code JSON.parse} does), so
 * {@code 1e400} is {@code Infinity}.
 *
 * <p>Pure functions; thread-safe.
 */
final class Js {

    /** JavaScript's {@code undefined}: what reading an absent property gives. */
    static final Object UNDEFINED = new Object() {
        @Override
        public String toString() {
            return "undefined";
        }
    };

    private static final Object NULL_KEY = new Object() {
        @Override
        public String toString() {
            return "null";
        }
    };

    private static final Pattern DECIMAL_LITERAL =
            Pattern.compile("[+-]?(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)(?:[eE][+-]?[0-9]+)?");

    private Js() {
    }

    /** Property access {@code value.key}: a plain object's own value, else {@link #UNDEFINED}. */
    static Object get(Object value, String key) {
        if (value instanceof Map) {
            Map<?, ?> object = (Map<?, ?>) value;
            return object.containsKey(key) ? object.get(key) : UNDEFINED;
        }
        return UNDEFINED;
    }

    /**
     * A key that is {@code equals} to another exactly when JavaScript's SameValueZero (used by {@code Set.has} and
     * {@code Array.prototype.includes}) says the two values are the same: strings by content, numbers by value
     * ({@code 0} and {@code -0} alike), booleans, null, undefined; an object or array only to itself, so never to
     * another value read from JSON.
     */
    static Object sameValueZeroKey(Object value) {
        if (value == null) {
            return NULL_KEY;
        }
        if (value == UNDEFINED || value instanceof String || value instanceof Boolean) {
            return value;
        }
        if (value instanceof Number) {
            double d = toDouble((Number) value);
            return d == 0 ? Double.valueOf(0) : Double.valueOf(d);
        }
        return new Object();
    }

    /**
     * The tree {@code JSON.stringify} writes for a value {@code JSON.parse} read: numbers become the double they
     * denote, printed as JavaScript prints it (an out-of-range number such as {@code 1e400} becomes {@code null}),
     * and object keys that are array indices come first in ascending order, as JavaScript orders them. The result is
     * unmodifiable.
     */
    static @Nullable Object jsonRoundTrip(Object value) {
        if (value instanceof Number) {
            return toJsonNumberOrNull(toDouble((Number) value));
        }
        if (value instanceof List) {
            List<Object> items = new ArrayList<>(((List<?>) value).size());
            for (Object item : (List<?>) value) {
                items.add(jsonRoundTrip(item));
            }
            return Collections.unmodifiableList(items);
        }
        if (value instanceof Map) {
            Map<String, Object> indexKeys = new TreeMap<>(Comparator.comparingLong(Long::parseLong));
            Map<String, Object> otherKeys = new LinkedHashMap<>();
            for (Map.Entry<?, ?> entry : ((Map<?, ?>) value).entrySet()) {
                String key = String.valueOf(entry.getKey());
                (isArrayIndex(key) ? indexKeys : otherKeys).put(key, jsonRoundTrip(entry.getValue()));
            }
            Map<String, Object> ordered = new LinkedHashMap<>(indexKeys);
            ordered.putAll(otherKeys);
            return Collections.unmodifiableMap(ordered);
        }
        return value;
    }

    /**
     * A deep copy whose objects are {@link LinkedHashMap}s, which the wire codec writes in their key order (it sorts
     * the keys of maps whose order it cannot know, such as unmodifiable views).
     */
    static @Nullable Object orderedCopy(@Nullable Object value) {
        if (value instanceof Map) {
            Map<String, Object> copy = new LinkedHashMap<>();
            for (Map.Entry<?, ?> entry : ((Map<?, ?>) value).entrySet()) {
                copy.put(String.valueOf(entry.getKey()), orderedCopy(entry.getValue()));
            }
            return copy;
        }
        if (value instanceof List) {
            List<Object> copy = new ArrayList<>(((List<?>) value).size());
            for (Object item : (List<?>) value) {
                copy.add(orderedCopy(item));
            }
            return copy;
        }
        return value;
    }

    /** A canonical decimal integer below 2^32 - 1, the property keys JavaScript orders first. */
    private static boolean isArrayIndex(String key) {
        if (key.isEmpty() || key.length() > 10 || (key.length() > 1 && key.charAt(0) == '0')) {
            return false;
        }
        for (int i = 0; i < key.length(); i++) {
            if (key.charAt(i) < '0' || key.charAt(i) > '9') {
                return false;
            }
        }
        return Long.parseLong(key) < 0xFFFF_FFFFL;
    }

    /** The code points of a string, each as a string: what spreading a string ({@code [...s]}) gives. */
    static List<Object> codePoints(String text) {
        List<Object> points = new ArrayList<>(text.length());
        text.codePoints().forEach(point -> points.add(new String(Character.toChars(point))));
        return points;
    }

    /** {@code x === null || x === undefined}, the test behind {@code ??}. */
    static boolean isNullish(Object value) {
        return value == null || value == UNDEFINED;
    }

    /** {@code Number.isFinite(x)}: true only for a value of type number that is finite (never for "5"). */
    static boolean isFiniteNumber(Object value) {
        return value instanceof Number && Double.isFinite(toDouble((Number) value));
    }

    /** The IEEE double a JSON number denotes, as {@code JSON.parse} gives it. */
    static double toDouble(Number number) {
        return number.doubleValue();
    }

    /** {@code Boolean(x)}: false for undefined, null, false, 0, -0, NaN and ""; true otherwise. */
    static boolean truthy(Object value) {
        if (isNullish(value)) {
            return false;
        }
        if (value instanceof Boolean) {
            return (Boolean) value;
        }
        if (value instanceof Number) {
            double d = toDouble((Number) value);
            return d != 0 && !Double.isNaN(d);
        }
        if (value instanceof String) {
            return !((String) value).isEmpty();
        }
        return true;
    }

    /**
     * {@code String(x)}. Arrays join their items with "," (null items as ""); a plain object gives
     * {@code "[object Object]"}, unless it has its own {@code toString} member: JavaScript would then call that
     * member, which in JSON is never a function, and throws.
     *
     * @throws NotConvertibleException where the reference throws a TypeError
     */
    static String toJsString(Object value) {
        if (value == null) {
            return "null";
        }
        if (value == UNDEFINED) {
            return "undefined";
        }
        if (value instanceof String) {
            return (String) value;
        }
        if (value instanceof Boolean) {
            return value.toString();
        }
        if (value instanceof Number) {
            return numberToString(toDouble((Number) value));
        }
        if (value instanceof List) {
            StringBuilder joined = new StringBuilder();
            boolean first = true;
            for (Object item : (List<?>) value) {
                if (!first) {
                    joined.append(',');
                }
                first = false;
                if (!isNullish(item)) {
                    joined.append(toJsString(item));
                }
            }
            return joined.toString();
        }
        if (value instanceof Map) {
            if (((Map<?, ?>) value).containsKey("toString")) {
                throw new NotConvertibleException("an object with its own \"toString\" member cannot be converted "
                        + "to a string (the reference throws TypeError)");
            }
            return "[object Object]";
        }
        throw new NotConvertibleException("a " + value.getClass().getSimpleName() + " is not a JSON value");
    }

    /**
     * {@code Number(x)}: undefined is NaN, null 0, booleans 0 and 1, strings by StringToNumber, arrays and objects
     * through their string form ({@code Number([])} is 0, {@code Number([7])} 7, {@code Number({})} NaN).
     *
     * @throws NotConvertibleException where the reference throws a TypeError (see {@link #toJsString})
     */
    static double toJsNumber(Object value) {
        if (value == UNDEFINED) {
            return Double.NaN;
        }
        if (value == null) {
            return 0;
        }
        if (value instanceof Number) {
            return toDouble((Number) value);
        }
        if (value instanceof Boolean) {
            return (Boolean) value ? 1 : 0;
        }
        return stringToNumber(toJsString(value));
    }

    /**
     * ECMAScript StringToNumber: surrounding white space ignored, "" is 0, decimal literals with optional sign and
     * exponent, {@code Infinity} with optional sign, unsigned {@code 0x}/{@code 0o}/{@code 0b} integers; anything
     * else (numeric separators, "12px", "-0x10", "infinity") is NaN.
     */
    static double stringToNumber(String text) {
        String s = JsText.trim(text);
        if (s.isEmpty()) {
            return 0;
        }
        switch (s) {
            case "Infinity":
            case "+Infinity":
                return Double.POSITIVE_INFINITY;
            case "-Infinity":
                return Double.NEGATIVE_INFINITY;
            default:
                break;
        }
        if (s.length() > 2 && s.charAt(0) == '0') {
            char prefix = Character.toLowerCase(s.charAt(1));
            int radix = prefix == 'x' ? 16 : prefix == 'o' ? 8 : prefix == 'b' ? 2 : 0;
            if (radix != 0) {
                return radixInteger(s.substring(2), radix);
            }
        }
        if (!DECIMAL_LITERAL.matcher(s).matches()) {
            return Double.NaN;
        }
        // The literal is validated above; Double.parseDouble rounds correctly, as StringToNumber does.
        return Double.parseDouble(s);
    }

    private static double radixInteger(String digits, int radix) {
        for (int i = 0; i < digits.length(); i++) {
            if (Character.digit(digits.charAt(i), radix) < 0 || digits.charAt(i) > 'z') {
                return Double.NaN;
            }
        }
        // BigInteger.doubleValue rounds to nearest, ties to even, like the specification's RoundMVResult.
        return new BigInteger(digits, radix).doubleValue();
    }

    /**
     * ECMAScript {@code Number::toString(x)} in radix 10: the shortest decimal that reads back as {@code x} (the
     * closest to {@code x} among equally short ones), written plainly for exponents -7 &lt; n &lt;= 21 and as
     * {@code 1.5e+21} / {@code 1e-7} beyond. Java 17's {@code Double.toString} gives neither these digits nor this
     * format, so the digits come from Jackson's Schubfach implementation.
     */
    static String numberToString(double value) {
        if (Double.isNaN(value)) {
            return "NaN";
        }
        if (value == 0) {
            return "0";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "Infinity" : "-Infinity";
        }
        ShortestDecimal decimal = ShortestDecimal.of(Math.abs(value));
        String text = format(decimal.digits, decimal.pointPosition);
        return value < 0 ? "-" + text : text;
    }

    private static String format(String digits, int n) {
        int k = digits.length();
        StringBuilder out = new StringBuilder(k + 8);
        if (k <= n && n <= 21) {
            out.append(digits);
            out.append("0".repeat(n - k));
        } else if (0 < n && n <= 21) {
            out.append(digits, 0, n).append('.').append(digits, n, k);
        } else if (-6 < n && n <= 0) {
            out.append("0.").append("0".repeat(-n)).append(digits);
        } else {
            int exponent = n - 1;
            out.append(digits.charAt(0));
            if (k > 1) {
                out.append('.').append(digits, 1, k);
            }
            out.append('e').append(exponent >= 0 ? '+' : '-').append(Math.abs(exponent));
        }
        return out.toString();
    }

    /**
     * The JSON number {@code JSON.stringify} prints for {@code value}, as an exact decimal; null for NaN and the
     * infinities, which {@code JSON.stringify} writes as {@code null}.
     */
    static @Nullable BigDecimal toJsonNumberOrNull(double value) {
        return Double.isFinite(value) ? new BigDecimal(numberToString(value)) : null;
    }

    /**
     * The shortest significant digits of a positive finite double with the position of the decimal point:
     * {@code value = 0.digits * 10^pointPosition}.
     */
    private static final class ShortestDecimal {
        private final String digits;
        private final int pointPosition;

        private ShortestDecimal(String digits, int pointPosition) {
            this.digits = digits;
            this.pointPosition = pointPosition;
        }

        static ShortestDecimal of(double value) {
            String java = DoubleToDecimal.toString(value);
            int e = java.indexOf('E');
            String mantissa = e < 0 ? java : java.substring(0, e);
            int exponent = e < 0 ? 0 : Integer.parseInt(java.substring(e + 1));
            int dot = mantissa.indexOf('.');
            String digits = mantissa.substring(0, dot) + mantissa.substring(dot + 1);
            int point = dot + exponent;
            int lead = 0;
            while (lead < digits.length() - 1 && digits.charAt(lead) == '0') {
                lead++;
            }
            int end = digits.length();
            while (end > lead + 1 && digits.charAt(end - 1) == '0') {
                end--;
            }
            ShortestDecimal shortest = new ShortestDecimal(digits.substring(lead, end), point - lead);
            return shortest.digits.length() == 2 ? shortest.preferOneDigit(value) : shortest;
        }

        /**
         * Java's algorithm may print two digits where one would read back (4.9E-324 for 5e-324); JavaScript takes
         * the fewest digits, then the closest. Only the two one-digit neighbours can qualify.
         */
        private ShortestDecimal preferOneDigit(double value) {
            int first = digits.charAt(0) - '0';
            BigDecimal exact = new BigDecimal(value);
            ShortestDecimal best = null;
            BigDecimal bestDistance = null;
            for (int candidate = first; candidate <= first + 1; candidate++) {
                ShortestDecimal option = candidate == 10
                        ? new ShortestDecimal("1", pointPosition + 1)
                        : new ShortestDecimal(Integer.toString(candidate), pointPosition);
                BigDecimal decimal = new BigDecimal(BigInteger.valueOf(Long.parseLong(option.digits)),
                        option.digits.length() - option.pointPosition);
                if (decimal.doubleValue() != value) {
                    continue;
                }
                BigDecimal distance = decimal.subtract(exact).abs();
                if (best == null || distance.compareTo(bestDistance) < 0) {
                    best = option;
                    bestDistance = distance;
                }
            }
            return best == null ? this : best;
        }
    }

    /**
     * A value the reference cannot convert: it throws a TypeError there. Readers of input trees turn it into an
     * {@link InvalidInputException} that names the JSON pointer.
     */
    static final class NotConvertibleException extends InvalidInputException {

        private static final long serialVersionUID = 1L;

        NotConvertibleException(String message) {
            super("invalid_input", message);
        }
    }
}
