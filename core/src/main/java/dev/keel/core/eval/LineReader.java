package dev.keel.core.eval;

import java.io.IOException;
import java.io.Reader;

/**
 * Reads lines ({@code \n}, {@code \r\n} or {@code \r} terminated) holding at most {@code maxLength} characters
 * of any one line: a longer line is consumed to its end and reported as too long, so memory stays bounded.
 * Not thread-safe.
 */
final class LineReader {

    private final Reader in;
    private final int maxLength;
    private final char[] buffer = new char[8192];
    private int position;
    private int limit;
    private boolean endOfInput;
    private boolean skipLineFeed;
    private boolean lastLineTooLong;
    private final StringBuilder line = new StringBuilder();

    LineReader(Reader in, int maxLength) {
        this.in = in;
        this.maxLength = maxLength;
    }

    /** The next line without its terminator, or null at the end of input. */
    String next() throws IOException {
        line.setLength(0);
        lastLineTooLong = false;
        boolean sawAnything = false;
        while (true) {
            if (position == limit && !fill()) {
                return sawAnything ? line.toString() : null;
            }
            char c = buffer[position++];
            if (skipLineFeed) {
                skipLineFeed = false;
                if (c == '\n') {
                    continue;
                }
            }
            sawAnything = true;
            if (c == '\n') {
                return line.toString();
            }
            if (c == '\r') {
                skipLineFeed = true;
                return line.toString();
            }
            if (line.length() < maxLength) {
                line.append(c);
            } else {
                lastLineTooLong = true;
            }
        }
    }

    /** Whether the line last returned was longer than the limit (and so was cut short). */
    boolean lastLineTooLong() {
        return lastLineTooLong;
    }

    /** Whether more input is available without blocking. */
    boolean hasBufferedInput() throws IOException {
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
