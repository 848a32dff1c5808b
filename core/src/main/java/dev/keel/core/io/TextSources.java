package dev.keel.core.io;

import dev.keel.core.ConfigurationException;
import dev.keel.core.WireFormatException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Reads the documents Keel is configured with (policies, routing tables, contracts, knowledge, evidence) as
 * UTF-8 text, from files or class-path resources, the same way everywhere: a byte-order mark at the start is
 * dropped; bytes that are not UTF-8 fail with a {@link WireFormatException} of code {@code invalid_utf8} naming
 * the source, the line and the byte offset; a source that cannot be read at all fails with a
 * {@link ConfigurationException} naming it.
 *
 * <p>Stateless and thread-safe; it does the I/O its callers ask for, nothing else.
 */
public final class TextSources {

    private static final char BYTE_ORDER_MARK = '\uFEFF';

    private TextSources() {
    }

    /** The text of {@code file}. */
    public static String read(Path file) {
        Objects.requireNonNull(file, "file");
        try {
            return decode(file.toString(), Files.readAllBytes(file));
        } catch (IOException e) {
            throw new ConfigurationException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /** The text of the class-path resource {@code resource} (no leading {@code /}) of {@code loader}. */
    public static String readResource(ClassLoader loader, String resource) {
        Objects.requireNonNull(loader, "loader");
        try (InputStream in = loader.getResourceAsStream(resource)) {
            if (in == null) {
                throw new ConfigurationException("no class-path resource " + resource);
            }
            return decode(resource, in.readAllBytes());
        } catch (IOException e) {
            throw new ConfigurationException("cannot read class-path resource " + resource + ": " + e.getMessage(), e);
        }
    }

    /**
     * {@code bytes} as UTF-8 text, without a leading byte-order mark.
     *
     * @param source names the bytes in the error message
     * @throws WireFormatException {@code invalid_utf8}, naming the line and byte offset of the first bad sequence
     */
    public static String decode(String source, byte[] bytes) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult result = decoder.decode(in, out, true);
        if (result.isError()) {
            int offset = in.position();
            long line = 1;
            for (int i = 0; i < offset; i++) {
                if (bytes[i] == '\n') {
                    line++;
                }
            }
            throw new WireFormatException("invalid_utf8", source + " line " + line + ": not valid UTF-8 (byte offset "
                    + offset + ")");
        }
        decoder.flush(out);
        String text = out.flip().toString();
        return !text.isEmpty() && text.charAt(0) == BYTE_ORDER_MARK ? text.substring(1) : text;
    }
}
