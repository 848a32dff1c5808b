package dev.keel.core.spi;

import dev.keel.core.BackendException;

/**
 * One chat exchange with a language model.
 *
 * <p>Implementations must be thread-safe. They report failures as
 * {@link dev.keel.core.RetriableBackendException} (timeouts, refused connections, HTTP 429 and 5xx) or
 * {@link dev.keel.core.NonRetriableBackendException}, never as raw transport exceptions, and never put a
 * secret (API key, token) in a message. {@link #stream(ChatRequest, StreamSink, StreamHandle)} gives the same reply
 * in chunks, for a backend whose provider streams. A backend that wraps another (retries, a budget, an observation)
 * extends {@link ForwardingBackend} and writes what it does once, for chat and stream alike.
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
     * Sends the request and hands the reply to {@code sink} as it is generated: text chunks in order, then the whole
     * reply ({@link StreamSink#complete}) or the failure ({@link StreamSink#fail}); see {@link StreamSink}. Returns
     * when the sink has had its ending, or when {@code handle} was cancelled (then the backend stops reading and
     * closes its connection, and the sink gets nothing more).
     *
     * <p>The call blocks, as {@link #chat} does, and the sink is called on the caller's thread. That keeps a streamed
     * call what a chat call is to everything around it: a fallback tries the next backend only after one failed,
     * before anything reached the caller; retries, budgets and the governed call's steps run in order on one
     * thread; and a sink that is slow to take a chunk holds the backend's reading back. A publisher of chunks
     * would leave each of these to demand signals and re-subscription, for a caller that can wrap this method in one
     * when it needs to.
     *
     * <p>The default calls {@link #chat} and gives its whole text as one chunk (none when it is empty), so every
     * backend streams; a backend whose provider streams overrides it. A {@link BackendException} becomes
     * {@link StreamSink#fail}; anything else {@code chat} throws (a programming error) reaches the caller as thrown.
     */
    default void stream(ChatRequest request, StreamSink sink, StreamHandle handle) {
        ChatReply reply;
        try {
            reply = chat(request);
        } catch (BackendException failure) {
            if (!handle.isCancelled()) {
                sink.fail(failure);
            }
            return;
        }
        if (handle.isCancelled()) {
            return;
        }
        if (!reply.text().isEmpty()) {
            sink.chunk(reply.text());
        }
        if (!handle.isCancelled()) {
            sink.complete(reply);
        }
    }

    /** {@link #stream(ChatRequest, StreamSink, StreamHandle)} with a handle nobody cancels. */
    default void stream(ChatRequest request, StreamSink sink) {
        stream(request, sink, StreamHandle.create());
    }

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
