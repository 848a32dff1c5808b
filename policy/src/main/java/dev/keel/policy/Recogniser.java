package dev.keel.policy;

import dev.keel.core.text.NormalizedText;

/**
 * Recognises one kind of what a {@code PARTIAL} answer may withhold ({@link PartialKinds}), in a text as a reader
 * sees it. The kinds that ship are recognisers too ({@code Recognisers} of {@code keel-reading}); a host adds its own
 * (an account number, a medical record number) to a policy ({@link PolicyDocument#withRecognisers}) or to a filter
 * ({@code OutboundFilter.builder().recogniser(r)}), and names its kind in the policy's {@code partial} settings. A
 * kind that no setting withholds is not looked for.
 *
 * <p>{@link #find} reads the normalised text ({@link NormalizedText#text()}: character references decoded, invisible
 * characters removed, compatibility forms folded, accents removed; a JSON or JavaScript escape already read), so it
 * need not undo an encoding; the filter maps what it reports back to the original and replaces it there with
 * {@link #placeholder()}. It must take time linear in the text (the filter runs it on every answer, and on every
 * look of a streaming filter): a regular expression on RE2/J, or one pass. Implementations must be pure and
 * thread-safe.
 */
public interface Recogniser {

    /** A {@link #longestMatch()} for a recogniser whose spans may be of any length. */
    int UNBOUNDED = Integer.MAX_VALUE;

    /** Receives the spans a recogniser found. */
    @FunctionalInterface
    interface Spans {
        /** A span from {@code start} to {@code end} of the normalised text, {@code start < end}. */
        void span(int start, int end);
    }

    /** The kind recognised: a canonical name (lower-case letters and digits, words joined by {@code _ . :}). */
    String kind();

    /** Reports each span of {@code text}'s normalised text that is of this kind, in any order. */
    void find(NormalizedText text, Spans spans);

    /**
     * How long a span may be, in characters of the normalised text, counting only visible ones; or
     * {@link #UNBOUNDED}. A streaming filter makes its window at least this long, so that a span is read
     * whole before any of it is returned, and holds the whole stream for an unbounded one.
     */
    int longestMatch();

    /**
     * What stands in place of each span: {@code [<kind> withheld]} unless overridden. It is shown in PARTIAL
     * answers, so it must hold nothing PARTIAL withholds (the filter refuses one that does).
     */
    default String placeholder() {
        return "[" + kind().replace('_', ' ') + " withheld]";
    }
}
