package dev.keel.reading;

import java.util.Arrays;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A text as its reader reads it, with the way back to its source: each character of {@link #text()} comes from a
 * range of the source (one character, an escape, a whole node whose literal differs from how it is written), and
 * characters that stand for nothing written (the line break between two blocks) from an empty range where they
 * fall. The ranges follow each other in source order, so that {@link #sourceStart} and {@link #sourceEnd} map a
 * range of the reading to the smallest range of the source it comes from. Immutable and thread-safe.
 */
final class Reading {

    private final String source;
    private final String text;
    // For each character of text, the range of source it comes from; null when text is source itself.
    private final int @Nullable [] starts;
    private final int @Nullable [] ends;

    private Reading(String source, String text, int @Nullable [] starts, int @Nullable [] ends) {
        this.source = source;
        this.text = text;
        this.starts = starts;
        this.ends = ends;
    }

    /** The source read as written. */
    static Reading of(String source) {
        return new Reading(Objects.requireNonNull(source, "source"), source, null, null);
    }

    String source() {
        return source;
    }

    String text() {
        return text;
    }

    /** Where in the source the character at {@code index} comes from; the source's length past the last one. */
    int sourceStart(int index) {
        if (index == text.length()) {
            // starts and ends are both set or both null.
            return ends == null || index == 0 ? source.length() : ends[index - 1];
        }
        return starts == null ? index : starts[index];
    }

    /** Where in the source the characters before {@code end} end; 0 before the first one. */
    int sourceEnd(int end) {
        if (end == 0) {
            return starts == null || text.isEmpty() ? 0 : starts[0];
        }
        return ends == null ? end : ends[end - 1];
    }

    /**
     * A reading under construction. Ranges must be appended in source order: a character's range never starts
     * before the one of the character before it, nor ends before it. Not thread-safe.
     */
    static final class Builder {
        private final String source;
        private final StringBuilder text;
        private int[] starts;
        private int[] ends;
        private int lastEnd;

        /** A reading of {@code source}, with room for about {@code capacity} characters before it grows. */
        Builder(String source, int capacity) {
            this.source = source;
            this.text = new StringBuilder(capacity);
            this.starts = new int[Math.max(16, capacity)];
            this.ends = new int[starts.length];
        }

        int length() {
            return text.length();
        }

        /** The end of the last range appended: where a character that stands for nothing written falls. */
        int lastEnd() {
            return lastEnd;
        }

        /** The source from {@code start} to {@code end}, character by character. */
        Builder appendSource(int start, int end) {
            for (int i = start; i < end; i++) {
                append(source.charAt(i), i, i + 1);
            }
            return this;
        }

        /** {@code chars}, each from the whole range {@code start} to {@code end} of the source. */
        Builder append(CharSequence chars, int start, int end) {
            for (int i = 0; i < chars.length(); i++) {
                append(chars.charAt(i), start, end);
            }
            return this;
        }

        /** {@code chars}, standing for nothing written: each from the empty range where the last one ended. */
        Builder appendUnwritten(String chars) {
            return append(chars, lastEnd, lastEnd);
        }

        /** A blank line, unless the reading is empty or already ends with one: what stands between two blocks. */
        Builder blankLine() {
            int length = text.length();
            if (length > 0 && !(length >= 2 && text.charAt(length - 1) == '\n' && text.charAt(length - 2) == '\n')) {
                appendUnwritten(text.charAt(length - 1) == '\n' ? "\n" : "\n\n");
            }
            return this;
        }

        Builder append(char c, int start, int end) {
            int index = text.length();
            if (index == starts.length) {
                starts = Arrays.copyOf(starts, index * 2);
                ends = Arrays.copyOf(ends, index * 2);
            }
            // Kept in source order whatever is appended: a range is never moved before the one before it.
            int from = Math.max(start, index == 0 ? 0 : starts[index - 1]);
            int to = Math.max(Math.max(end, from), lastEnd);
            text.append(c);
            starts[index] = from;
            ends[index] = to;
            lastEnd = to;
            return this;
        }

        Reading build() {
            int length = text.length();
            return new Reading(source, text.toString(), Arrays.copyOf(starts, length), Arrays.copyOf(ends, length));
        }
    }
}
