package dev.keel.examples.springchat;

import dev.keel.core.InvalidInputException;
import dev.keel.core.json.JsonCodec;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The body both chat paths take: {@code {"message": "...", "session_id": "..."}}, through Keel's strict JSON codec.
 * Immutable.
 *
 * @param message   the question: not blank, at most {@value #MAX_MESSAGE_LENGTH} characters
 * @param sessionId the client's name for the conversation, or null
 */
record ChatBody(String message, @Nullable String sessionId) {

    static final int MAX_MESSAGE_LENGTH = 4_000;

    /**
     * The chat request {@code body} holds.
     *
     * @throws dev.keel.core.WireFormatException when the body is not strict JSON
     * @throws InvalidInputException ({@code invalid_request}) when it is JSON but not a chat request
     */
    static ChatBody parse(String body) {
        Map<String, Object> request = JsonCodec.strict().parseObject(body);
        if (!(request.get("message") instanceof String message) || message.isBlank()
                || message.length() > MAX_MESSAGE_LENGTH) {
            throw invalid();
        }
        Object session = request.get("session_id");
        if (session != null && !(session instanceof String)) {
            throw invalid();
        }
        return new ChatBody(message, (String) session);
    }

    private static InvalidInputException invalid() {
        return new InvalidInputException("invalid_request", "expected {\"message\": a non-blank string of at most "
                + MAX_MESSAGE_LENGTH + " characters, \"session_id\"?: a string}");
    }

    /**
     * The conversation of {@code user}: the client's session id under the user's name, so that no user can continue,
     * or read back, another user's conversation by naming its id; empty when the client gave none.
     */
    Optional<String> conversation(String user) {
        return Optional.ofNullable(sessionId).map(session -> user + "/" + session);
    }
}
