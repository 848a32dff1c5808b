package dev.keel.core.json;

import java.io.IOException;
import java.io.Writer;

/**
 * Passes JSON text on, writing each lone surrogate (a high surrogate not followed by a low one, or a low one not
 * preceded by a high one) as its <code>&#92;uXXXX</code> escape, so that the text stays valid Unicode and encodes to
 * UTF-8 without loss: <code>"&#92;ud800"</code> read and written comes back as <code>"&#92;ud800"</code>, not as
 * {@code ?}. Correct
 * because a raw surrogate can only stand inside a string or key of generated JSON, where its escape means the same.
 * Does not close or flush the writer it wraps; {@link #finish()} writes out a high surrogate still held back.
 * Not thread-safe.
 */
final class LoneSurrogateEscaper extends Writer {

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private final Writer out;
    /** A high surrogate written last, whose fate depends on the next character; 0 when none. */
    private char pendingHigh;

    LoneSurrogateEscaper(Writer out) {
        this.out = out;
    }

    @Override
    public void write(char[] buffer, int offset, int length) throws IOException {
        int runStart = offset;
        int end = offset + length;
        for (int i = offset; i < end; i++) {
            char c = buffer[i];
            if (!Character.isSurrogate(c) && pendingHigh == 0) {
                continue;
            }
            out.write(buffer, runStart, i - runStart);
            runStart = i + 1;
            if (pendingHigh != 0) {
                if (Character.isLowSurrogate(c)) {
                    out.write(pendingHigh);
                    out.write(c);
                    pendingHigh = 0;
                    continue;
                }
                escape(pendingHigh);
                pendingHigh = 0;
            }
            if (Character.isHighSurrogate(c)) {
                pendingHigh = c;
            } else if (Character.isLowSurrogate(c)) {
                escape(c);
            } else {
                out.write(c);
            }
        }
        out.write(buffer, runStart, end - runStart);
    }

    private void escape(char c) throws IOException {
        out.write('\\');
        out.write('u');
        for (int shift = 12; shift >= 0; shift -= 4) {
            out.write(HEX[c >> shift & 0xF]);
        }
    }

    /** Writes out a high surrogate held back at the end of the text. */
    void finish() throws IOException {
        if (pendingHigh != 0) {
            escape(pendingHigh);
            pendingHigh = 0;
        }
    }

    @Override
    public void flush() {
        // The caller flushes its own writer when it wants to; a held-back surrogate cannot be flushed yet.
    }

    @Override
    public void close() throws IOException {
        finish();
    }
}
