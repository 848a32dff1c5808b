package dev.keel.eval;

import java.io.IOException;
import org.jspecify.annotations.Nullable;

/** The lines of an input stream, one at a time, each bounded in length. Not thread-safe. */
interface Lines {

    /** The next line (without its line feed), or null at the end of the input. */
    @Nullable Line next() throws IOException;

    /** Whether more input is available without blocking. */
    boolean hasBufferedInput() throws IOException;

    /**
     * One line: its text, or, for a line that has none the runner can use, the error code and message to answer it
     * with. Immutable.
     */
    record Line(@Nullable String text, @Nullable String errorCode, @Nullable String errorMessage) {

        static Line of(String text) {
            return new Line(text, null, null);
        }

        static Line error(String code, String message) {
            return new Line(null, code, message);
        }
    }
}
