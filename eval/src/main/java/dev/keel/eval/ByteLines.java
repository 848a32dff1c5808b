package dev.keel.eval;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * The lines of a UTF-8 byte stream, split at line feeds only (a byte that never occurs inside a multi-byte UTF-8
 * sequence), each decoded strictly: a line that is not valid UTF-8 is answered as {@code invalid_utf8}, naming the
 * byte offset of the first bad sequence, instead of being silently mended. A line longer than {@code maxLength}
 * bytes is consumed to its end without being held and answered as {@code line_too_long}. Not thread-safe.
 */
final class ByteLines implements Lines {

    private final InputStream in;
    private final int maxLength;
    private final byte[] buffer = new byte[8192];
    private byte[] line = new byte[256];
    private int lineLength;
    private int position;
    private int limit;
    private boolean endOfInput;
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);

    ByteLines(InputStream in, int maxLength) {
        this.in = in;
        this.maxLength = maxLength;
    }

    @Override
    public @Nullable Line next() throws IOException {
        lineLength = 0;
        boolean tooLong = false;
        boolean sawAnything = false;
        while (true) {
            if (position == limit && !fill()) {
                return !sawAnything ? null : finish(tooLong);
            }
            sawAnything = true;
            // Copy up to the next line feed in one go.
            int end = position;
            while (end < limit && buffer[end] != '\n') {
                end++;
            }
            int room = maxLength - lineLength;
            int take = Math.min(end - position, room);
            if (take < end - position) {
                tooLong = true;
            }
            append(position, take);
            boolean lineEnds = end < limit;
            position = lineEnds ? end + 1 : end;
            if (lineEnds) {
                return finish(tooLong);
            }
        }
    }

    private void append(int from, int count) {
        if (lineLength + count > line.length) {
            line = Arrays.copyOf(line, Math.max(lineLength + count, Math.min(maxLength, line.length * 2)));
        }
        System.arraycopy(buffer, from, line, lineLength, count);
        lineLength += count;
    }

    private Line finish(boolean tooLong) {
        if (tooLong) {
            return Line.error("line_too_long", "line longer than " + maxLength + " bytes");
        }
        ByteBuffer bytes = ByteBuffer.wrap(line, 0, lineLength);
        CharBuffer chars = CharBuffer.allocate(lineLength);
        decoder.reset();
        CoderResult result = decoder.decode(bytes, chars, true);
        if (!result.isError()) {
            result = decoder.flush(chars);
        }
        if (result.isError()) {
            return Line.error("invalid_utf8", "the line is not valid UTF-8: a malformed byte sequence at byte "
                    + bytes.position() + " (counting from 0)");
        }
        return Line.of(chars.flip().toString());
    }

    @Override
    public boolean hasBufferedInput() throws IOException {
        return position < limit || (!endOfInput && in.available() > 0);
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
