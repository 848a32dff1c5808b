package dev.keel.pipeline;

import dev.keel.core.content.Part;
import dev.keel.core.spi.ChatMessage;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * How the pipeline names what it keeps of a conversation between requests (the labels a chat memory's replay gets
 * back, the record of a turn that waits for the caller's tool results): the conversation by the request's session,
 * else its subject; content by a hash of its words. Pure and thread-safe.
 */
final class ConversationKeys {

    private ConversationKeys() {
    }

    /**
     * The session store's key of {@code request}'s conversation: {@code session:<id>}, else {@code subject:<id>};
     * empty with neither.
     */
    public static Optional<String> of(GovernedRequest request) {
        return request.sessionId().map(session -> "session:" + session)
                .or(() -> request.subject().map(subject -> "subject:" + subject));
    }

    /**
     * SHA-256, in hex, over each message's role and its parts' text with every space left out, so that a memory that
     * trims or re-spaces what it stores still finds it; messages of one role that say the same words share it.
     */
    public static String hash(List<ChatMessage> messages) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (int i = 0; i < messages.size(); i++) {
                if (i > 0) {
                    digest.update((byte) 1);
                }
                ChatMessage message = messages.get(i);
                StringBuilder words = new StringBuilder();
                for (Part part : message.parts()) {
                    part.rendered().codePoints().filter(c -> !Character.isWhitespace(c) && !Character.isSpaceChar(c))
                            .forEach(words::appendCodePoint);
                }
                digest.update(message.role().name().getBytes(StandardCharsets.UTF_8));
                digest.update((byte) 0);
                digest.update(words.toString().getBytes(StandardCharsets.UTF_8));
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
