package dev.keel.core.spi;

/**
 * One chat exchange with a language model.
 *
 * <p>Implementations must be thread-safe. They report failures as
 * {@link dev.keel.core.RetriableBackendException} (timeouts, refused connections, HTTP 429 and 5xx) or
 * {@link dev.keel.core.NonRetriableBackendException}, never as raw transport exceptions, and never put a
 * secret (API key, token) in a message.
 */
@FunctionalInterface
public interface LlmBackend {

    /**
     * Sends the request and waits for the whole reply.
     *
     * @throws dev.keel.core.BackendException when the backend fails
     */
    ChatReply chat(ChatRequest request);

    /**
     * {@code request} exactly as {@link #chat} would send it to the model: what a cost or size estimate must be made
     * on. The request itself unless this backend changes what it sends (a governed backend sends the egress-filtered
     * request, whose replacements may be longer than what they replace; a decorator asks the backend it wraps). Pure:
     * nothing is sent.
     */
    default ChatRequest outgoing(ChatRequest request) {
        return request;
    }

    /** The identifier this backend reports in {@link ChatReply#backendId()} and in provenance. */
    default String id() {
        return getClass().getSimpleName();
    }
}
