package dev.keel.stage;

import dev.keel.core.InvalidInputException;
import dev.keel.core.InvalidContractException;
import dev.keel.core.json.JsonPointers;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A JSON pointer (RFC 6901) into a stage output or into {@code cached_state}, parsed once. {@code ""} is the
 * whole document; {@code ~0} and {@code ~1} escape {@code ~} and {@code /}. Where a contract says so, a segment
 * that is exactly {@code *} means "every element of this array" or "every value of this object".
 *
 * <p>Immutable and thread-safe; equal when the texts are equal.
 */
public final class Pointer {

    /** The pointer to the whole document. */
    public static final Pointer ROOT = new Pointer("", List.of());

    /** The wildcard segment. */
    public static final String WILDCARD = "*";

    private final String text;
    private final List<String> segments;

    private Pointer(String text, List<String> segments) {
        this.text = text;
        this.segments = segments;
    }

    /**
     * Parses a pointer.
     *
     * @throws InvalidContractException when the text is not a JSON pointer (does not start with {@code /}, or has
     *         a {@code ~} not followed by {@code 0} or {@code 1})
     */
    public static Pointer of(String text) {
        if (text == null) {
            throw new InvalidContractException("a JSON pointer is required, found null");
        }
        if (text.isEmpty()) {
            return ROOT;
        }
        if (text.charAt(0) != '/') {
            throw new InvalidContractException("'" + text + "' is not a JSON pointer: it must be empty or start with '/'");
        }
        List<String> segments = new ArrayList<>();
        for (String raw : text.substring(1).split("/", -1)) {
            segments.add(unescape(text, raw));
        }
        return new Pointer(text, Collections.unmodifiableList(segments));
    }

    private static String unescape(String pointer, String raw) {
        try {
            return JsonPointers.unescape(raw);
        } catch (InvalidInputException e) {
            throw new InvalidContractException("'" + pointer + "' is not a JSON pointer: " + e.getMessage());
        }
    }

    /** Escapes one segment for use in a pointer text. */
    public static String escape(String segment) {
        return JsonPointers.escape(segment);
    }

    /** The pointer as written. */
    public String text() {
        return text;
    }

    /** The unescaped reference tokens, in order; empty for {@link #ROOT}. */
    public List<String> segments() {
        return segments;
    }

    /** Whether a segment is the wildcard {@code *}. */
    public boolean hasWildcard() {
        return segments.contains(WILDCARD);
    }

    /** This pointer with one more segment. */
    public Pointer child(String segment) {
        List<String> longer = new ArrayList<>(segments);
        longer.add(segment);
        return new Pointer(text + "/" + escape(segment), Collections.unmodifiableList(longer));
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Pointer && ((Pointer) other).text.equals(text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }

    @Override
    public String toString() {
        return text;
    }
}
