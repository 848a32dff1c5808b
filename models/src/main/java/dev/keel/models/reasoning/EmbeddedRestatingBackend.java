package dev.keel.models.reasoning;

import dev.keel.core.NonRetriableBackendException;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.ChatRole;
import dev.keel.core.spi.ResponseFormat;
import dev.keel.core.spi.TokenUsage;
import java.util.List;

/** {@link EmbeddedBackend}. Stateless, pure and thread-safe. */
final class EmbeddedRestatingBackend implements EmbeddedBackend {

    static final EmbeddedRestatingBackend INSTANCE = new EmbeddedRestatingBackend();

    private static final int MAX_RESTATED = 4000;

    private EmbeddedRestatingBackend() {
    }

    @Override
    public ChatReply chat(ChatRequest request) {
        if (request.responseFormat() == ResponseFormat.JSON) {
            throw new NonRetriableBackendException(ID, "backend '" + ID + "' writes text only: no language model is"
                    + " configured to produce JSON", null);
        }
        String content = lastUserMessage(request).strip();
        if (content.length() > MAX_RESTATED) {
            content = content.substring(0, MAX_RESTATED) + "...";
        }
        String text = "No language model is configured (" + ID + "); the request is restated without interpretation:\n\n"
                + (content.isEmpty() ? "(the request was empty)" : content) + "\n";
        return ChatReply.builder().text(text).usage(TokenUsage.UNKNOWN).backendId(ID).finishReason("stop").build();
    }

    private static String lastUserMessage(ChatRequest request) {
        List<ChatMessage> messages = request.messages();
        for (int i = messages.size() - 1; i >= 0; i--) {
            if (messages.get(i).role() == ChatRole.USER) {
                return messages.get(i).text();
            }
        }
        return messages.get(messages.size() - 1).text();
    }

    @Override
    public String toString() {
        return "EmbeddedBackend{" + ID + "}";
    }
}
