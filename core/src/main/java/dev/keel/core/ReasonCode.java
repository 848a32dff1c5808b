package dev.keel.core;

import dev.keel.core.text.JsText;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * A machine-readable reason attached to a decision, a violation or a gate result.
 *
 * <p>Codes are normalised by the rule of {@code docs/evidence.md} ("Reason codes"), so that every implementation
 * of the discovery plan protocol agrees code for code: JavaScript {@code trim()}, every run of characters other than
 * Unicode letters, Unicode digits, {@code _ . : -} becomes one {@code _}, leading and trailing {@code _}
 * are dropped, the text is lower-cased (locale-independent, as JavaScript's {@code toLowerCase}), and cut to
 * 120 UTF-16 code units. Text that normalises to nothing is not a code.
 *
 * <p>Immutable and thread-safe; normalisation is a pure function.
 */
public final class ReasonCode implements Comparable<ReasonCode> {

    /** Longest code, in UTF-16 code units. */
    public static final int MAX_LENGTH = 120;

    // Java's \p{L} and \p{N} classify by code point, as a Unicode-aware JavaScript regular expression does.
    private static final Pattern DISALLOWED_RUN = Pattern.compile("[^\\p{L}\\p{N}_.:-]+");
    // \z rather than $: JavaScript's $ (no m flag) never matches before a final line terminator.
    private static final Pattern EDGE_UNDERSCORES = Pattern.compile("^_+|_+\\z");

    private final String value;

    private ReasonCode(String value) {
        this.value = value;
    }

    /** Normalises {@code raw}; empty when nothing is left (or {@code raw} is null). */
    public static Optional<ReasonCode> normalize(String raw) {
        String text = normalizeText(raw);
        return text == null ? Optional.empty() : Optional.of(new ReasonCode(text));
    }

    /**
     * Normalises {@code raw}, for codes written in code.
     *
     * @throws InvalidInputException when {@code raw} normalises to nothing
     */
    public static ReasonCode of(String raw) {
        return normalize(raw).orElseThrow(() -> new InvalidInputException(
                "invalid_reason_code", "reason code normalises to nothing: '" + raw + "'"));
    }

    /** The normalised text, or null when nothing is left. */
    public static @Nullable String normalizeText(String raw) {
        if (raw == null) {
            return null;
        }
        String replaced = DISALLOWED_RUN.matcher(JsText.trim(raw)).replaceAll("_");
        String lowered = EDGE_UNDERSCORES.matcher(replaced).replaceAll("").toLowerCase(Locale.ROOT);
        if (lowered.isEmpty()) {
            return null;
        }
        return lowered.length() > MAX_LENGTH ? lowered.substring(0, MAX_LENGTH) : lowered;
    }

    /** The normalised text. */
    public String value() {
        return value;
    }

    @Override
    public int compareTo(ReasonCode other) {
        return value.compareTo(other.value);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ReasonCode && ((ReasonCode) other).value.equals(value);
    }

    @Override
    public int hashCode() {
        return value.hashCode();
    }

    @Override
    public String toString() {
        return value;
    }
}
