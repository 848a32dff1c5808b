package dev.keel.langchain4j;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The provider bodies recorded in the test resources' {@code replies/}: real replies and errors of Ollama, OpenAI
 * and Anthropic, for the loopback model server to give exactly ({@code Reply.http(status, recorded(name))}).
 * Stateless and thread-safe.
 */
public final class RecordedReplies {

    private RecordedReplies() {
    }

    /** The body recorded in {@code replies/<name>}. */
    public static String recorded(String name) {
        try (InputStream in = RecordedReplies.class.getResourceAsStream("/replies/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no recorded reply " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
