package dev.keel.stage;

import java.util.Arrays;

/**
 * Where the validator is in the output: a stack of segments (keys, and array positions as Integers) that the walk
 * pushes on the way down and pops on the way back, rendered as a JSON pointer only when a violation needs it, so
 * that a valid output costs no path objects. Mutable and not thread-safe: one per validation.
 */
final class Path {

    private Object[] segments = new Object[8];
    private int depth;

    /** The root, for a walk of a whole output. */
    Path() {
    }

    /** The path of a pointer without wildcards. */
    static Path of(Pointer pointer) {
        Path path = new Path();
        pointer.segments().forEach(path::push);
        return path;
    }

    void push(Object segment) {
        if (depth == segments.length) {
            segments = Arrays.copyOf(segments, depth * 2);
        }
        segments[depth++] = segment;
    }

    void pop() {
        segments[--depth] = null;
    }

    /** The JSON pointer of this path with {@code more} segments after it: {@code ""} for the root, {@code /a/0/b~1c}. */
    String render(Object... more) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < depth; i++) {
            append(out, segments[i]);
        }
        for (Object segment : more) {
            append(out, segment);
        }
        return out.toString();
    }

    private static void append(StringBuilder out, Object segment) {
        out.append('/').append(segment instanceof String ? Pointer.escape((String) segment) : segment.toString());
    }
}
