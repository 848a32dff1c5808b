package dev.keel.core.spi;

/**
 * Who speaks a {@link ChatMessage}. {@link #TOOL} is a host tool answering the model's call: its message holds the
 * {@link dev.keel.core.content.Part.ToolResult} of each call the previous assistant message asked for.
 */
public enum ChatRole {
    SYSTEM,
    USER,
    ASSISTANT,
    TOOL
}
