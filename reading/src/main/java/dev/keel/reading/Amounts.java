package dev.keel.reading;

import dev.keel.policy.Redaction;
import java.math.BigDecimal;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The amounts a text states, found as the outbound filter finds figures: every money amount and every other number
 * the filter withholds under {@code PARTIAL} ({@link Redaction#MONEY}, {@link Redaction#NUMBER}), whatever the
 * phrasing ("$80.00", "80 dollars", "EUR 80", "eighty dollars", "one hundred and twenty", "$4.5M") and whatever
 * hides it from a plain reading (full-width digits, character references, invisible characters), each with its
 * value read. A number the filter does not count as a figure is no amount: the words "one", "first" and "second"
 * alone ("one of them"), so "$one" is not found; any amount above one is.
 *
 * <p>A value that cannot be read exactly (a fraction word, an ordinal, "hundreds", a number whose separators make
 * no sense) is {@code null}, and {@link Amount#above} counts it as above any limit: a check built on amounts fails
 * closed. A range ("$60-$80", "between 60 and 80 dollars") is one amount whose value is its highest end. A text
 * longer than the filter reads is one amount with no value.
 *
 * <p>Pure and thread-safe.
 */
public final class Amounts {

    private Amounts() {
    }

    /** The amounts {@code text} states, in text order. */
    public static List<Amount> in(String text) {
        return AmountReader.read(Objects.requireNonNull(text, "text"));
    }

    /**
     * One amount of a text. Immutable and thread-safe.
     *
     * @param start    the UTF-16 offset where it starts in the text
     * @param end      the offset just past it
     * @param text     the amount as written
     * @param value    its value, or null when it cannot be read exactly
     * @param currency the ISO 4217 code of its currency ("USD" for "$", "dollars" and "bucks"; a code as written),
     *                 or null for a number that names none
     */
    public record Amount(int start, int end, String text, @Nullable BigDecimal value, @Nullable String currency) {

        public Amount {
            Objects.requireNonNull(text, "text");
        }

        /** Whether the amount is above {@code limit}; an amount whose value could not be read always is. */
        public boolean above(BigDecimal limit) {
            return value == null || value.compareTo(limit) > 0;
        }

        /** Whether the amount names a currency: money rather than a bare number. */
        public boolean money() {
            return currency != null;
        }
    }
}
