package dev.keel.reading;

import dev.keel.policy.Redaction;
import java.util.List;

/**
 * What the streaming filter's tests expect of a stream against the whole-text filter. Pure; thread-safe.
 */
final class StreamChecks {

    private StreamChecks() {
    }

    /**
     * The whole-text filter's redactions as a {@link StreamingFilter} reports them for the same text: a
     * {@code denied} or {@code oversized} one without its removed text, which the streaming filter does not keep.
     */
    static List<Redaction> streamed(List<Redaction> whole) {
        return whole.stream().map(r -> Redaction.DENIED.equals(r.kind()) || Redaction.OVERSIZED.equals(r.kind())
                ? new Redaction(r.kind(), r.start(), r.end(), "", r.replacement()) : r).toList();
    }

    /** The characters of {@code text} that are neither white space nor invisible (format characters, marks). */
    static long visible(String text) {
        return text.chars().filter(ch -> !Character.isWhitespace(ch) && !Character.isSpaceChar(ch)
                && Character.getType(ch) != Character.FORMAT && Character.getType(ch) != Character.NON_SPACING_MARK
                && Character.getType(ch) != Character.ENCLOSING_MARK && Character.getType(ch) != Character.CONTROL)
                .count();
    }
}
