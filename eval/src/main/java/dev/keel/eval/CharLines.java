package dev.keel.eval;

import java.io.IOException;
import java.io.Reader;
import org.jspecify.annotations.Nullable;

/**
 * The lines of a character stream, split at line feeds only: a carriage return is JSON white space, so a CRLF line
 * ending still works, and a bare carriage return inside a line does not split it. A line longer than
 * {@code maxLength} characters is consumed to its end without being held and answered as {@code line_too_long}, so
 * memory stays bounded. Not thread-safe.
 */
final class CharLines implements Lines {

    private final Reader in;
    private final int maxLength;
    private final char[] buffer = new char[8192];
    private final StringBuilder line = new StringBuilder();
    private int position;
    private int limit;
    private boolean endOfInput;

    CharLines(Reader in, int maxLength) {
        this.in = in;
        this.maxLength = maxLength;
    }

    @Override
    public @Nullable Line next() throws IOException {
        line.setLength(0);
        boolean tooLong = false;
        boolean sawAnything = false;
        while (true) {
            if (position == limit && !fill()) {
                return !sawAnything ? null : finish(tooLong);
            }
            sawAnything = true;
            char c = buffer[position++];
            if (c == '\n') {
                return finish(tooLong);
            }
            if (line.length() < maxLength) {
                line.append(c);
            } else {
                tooLong = true;
            }
        }
    }

    private Line finish(boolean tooLong) {
        return tooLong ? Line.error("line_too_long", "line longer than " + maxLength + " characters")
                : Line.of(line.toString());
    }

    @Override
    public boolean hasBufferedInput() throws IOException {
        return position < limit || (!endOfInput && in.ready());
    }

    private boolean fill() throws IOException {
        if (endOfInput) {
            return false;
        }
        int read = in.read(buffer, 0, buffer.length);
        if (read < 0) {
            endOfInput = true;
            return false;
        }
        position = 0;
        limit = read;
        return true;
    }
}
