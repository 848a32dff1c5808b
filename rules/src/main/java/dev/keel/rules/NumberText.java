package dev.keel.rules;

import java.math.BigDecimal;
import java.util.Optional;

/**
 * A number as an answer writes it, read into the value an enforcement expression sees: commas removed (thousands
 * separators), then digits only give a CEL {@code int} ({@code Long}), another decimal such as {@code 12.50},
 * {@code .5} or {@code -3} a CEL {@code double}. Anything else (a word, a date) is not a number. Pure and
 * thread-safe.
 */
final class NumberText {

    private NumberText() {
    }

    /** The value {@code text} is, if it is a number. */
    static Optional<Object> read(String text) {
        String plain = text.replace(",", "");
        if (plain.isEmpty() || plain.length() > 100) {
            return Optional.empty(); // longer than any number the wire codec itself accepts
        }
        if (plain.chars().allMatch(c -> c >= '0' && c <= '9')) {
            BigDecimal value = new BigDecimal(plain);
            // Digits beyond a CEL int stay a number, as a double.
            return Optional.of(value.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) <= 0 ? (Object) value.longValue()
                    : value.doubleValue());
        }
        if (plain.matches("[+-]?(?:[0-9]+\\.?[0-9]*|\\.[0-9]+)")) {
            return Optional.of(new BigDecimal(plain).doubleValue());
        }
        return Optional.empty();
    }
}
