package dev.keel.core.stage.internal;

import dev.keel.core.stage.Pointer;

/**
 * Where the validator is in the output: a linked list of segments, rendered as a JSON pointer only when a
 * violation needs it. Immutable and thread-safe.
 */
final class Path {

    static final Path ROOT = new Path(null, null, -1);

    private final Path parent;
    private final String key;
    private final int index;

    private Path(Path parent, String key, int index) {
        this.parent = parent;
        this.key = key;
        this.index = index;
    }

    /** The path of a pointer without wildcards. */
    static Path of(Pointer pointer) {
        Path path = ROOT;
        for (String segment : pointer.segments()) {
            path = path.child(segment);
        }
        return path;
    }

    Path child(String name) {
        return new Path(this, name, -1);
    }

    Path child(int position) {
        return new Path(this, null, position);
    }

    /** The last segment as text. */
    String lastKey() {
        return key != null ? key : Integer.toString(index);
    }

    /** The JSON pointer: {@code ""} for the root, {@code /a/0/b~1c} below it. */
    String render() {
        if (parent == null) {
            return "";
        }
        StringBuilder out = new StringBuilder();
        append(out);
        return out.toString();
    }

    private void append(StringBuilder out) {
        if (parent == null) {
            return;
        }
        parent.append(out);
        out.append('/').append(key != null ? Pointer.escape(key) : Integer.toString(index));
    }
}
