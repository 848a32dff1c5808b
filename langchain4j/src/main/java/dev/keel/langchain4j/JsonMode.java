package dev.keel.langchain4j;

/**
 * How a {@link ChatModelBackend} passes a request for JSON ({@link dev.keel.core.spi.ResponseFormat#JSON}) to its
 * model. Immutable, pure and thread-safe.
 */
public enum JsonMode {
    /** As langchain4j's {@code ResponseFormat.JSON}: Ollama's {@code format: json}, OpenAI's {@code json_object}. */
    NATIVE,
    /**
     * Not at all: the request's own instructions ask for JSON. For providers without a schemaless JSON mode
     * (Anthropic refuses {@code ResponseFormat.JSON} without a schema).
     */
    INSTRUCTION_ONLY
}
