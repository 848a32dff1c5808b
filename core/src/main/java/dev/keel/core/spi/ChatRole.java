package dev.keel.core.spi;

/** Who speaks a {@link ChatMessage}. */
public enum ChatRole {
    SYSTEM,
    USER,
    ASSISTANT
}
