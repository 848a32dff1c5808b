package dev.keel.examples.marp;

import java.math.BigDecimal;
import java.util.Objects;

/**
 * One piece of evidence an answer states: a figure (how it was written and the value it states) or a text
 * quoted verbatim, with where it is in the evidence (file plus JSON pointer, or CSV line and column). Immutable
 * and thread-safe.
 *
 * @param rendered the text as it appears in the answer, for example {@code 84%}, or the quoted text
 * @param value    the value in the evidence, for example {@code 0.84}; null for a quoted text
 * @param locator  where it is, for example {@code marp_regulated_knowledge.json#/calendars/0/capability_range/min}
 */
public record Citation(String rendered, BigDecimal value, String locator) {

    public Citation {
        Objects.requireNonNull(rendered, "rendered");
        Objects.requireNonNull(locator, "locator");
    }

    /** True for a quoted text, false for a figure. */
    public boolean isQuote() {
        return value == null;
    }
}
