package dev.keel.core.spi;

import java.util.Objects;

/** One message of a chat exchange. Immutable and thread-safe. */
public record ChatMessage(ChatRole role, String text) {

    public ChatMessage {
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(text, "text");
    }

    public static ChatMessage system(String text) {
        return new ChatMessage(ChatRole.SYSTEM, text);
    }

    public static ChatMessage user(String text) {
        return new ChatMessage(ChatRole.USER, text);
    }

    public static ChatMessage assistant(String text) {
        return new ChatMessage(ChatRole.ASSISTANT, text);
    }
}
