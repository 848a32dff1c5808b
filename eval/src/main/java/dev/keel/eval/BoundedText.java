package dev.keel.eval;

import java.io.IOException;
import java.io.Writer;

/**
 * Collects text up to a number of characters and refuses more by throwing {@link Full}, so that an answer too long
 * to write is noticed while it is written, not after it has filled memory. Not thread-safe.
 */
final class BoundedText extends Writer {

    private final StringBuilder text = new StringBuilder();
    private final int max;

    BoundedText(int max) {
        this.max = max;
    }

    @Override
    public void write(char[] buffer, int offset, int length) throws IOException {
        if (text.length() + length > max) {
            throw new Full();
        }
        text.append(buffer, offset, length);
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
    }

    @Override
    public String toString() {
        return text.toString();
    }

    /** The text would pass its limit. */
    static final class Full extends IOException {
        private static final long serialVersionUID = 1L;

        Full() {
            super("the text would pass its limit");
        }
    }
}
