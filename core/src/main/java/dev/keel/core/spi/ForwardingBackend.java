package dev.keel.core.spi;

import java.util.Objects;

/**
 * The base of a backend that wraps another (a retry, a budget, an observation, a request rewritten): it forwards
 * everything to the backend it wraps, and a decorator overrides only what it changes.
 *
 * <p>What a decorator does to a call it writes once, in {@link #round}: the streamed call is the round over the
 * wrapped backend's stream, and {@link #chat} is the round over the wrapped backend's {@code chat} (its reply as one
 * chunk), collected. So a chat call and a streamed call of the same replies go through the same retries, charges and
 * records, and a provider is asked the way the caller asked: a chat call is never sent to it as a stream.
 *
 * <pre>{@code
 * final class Logged extends ForwardingBackend {
 *     Logged(LlmBackend backend) { super(backend); }
 *
 *     @Override
 *     protected void round(ChatRequest request, LlmBackend next, StreamSink sink, StreamHandle handle) {
 *         StreamAttempt attempt = StreamAttempt.run(next, request, sink, handle);
 *         LOG.info("{}: {}", id(), attempt);
 *         attempt.end();
 *     }
 * }
 * }</pre>
 *
 * <p>Purity: none of its own; a call is the wrapped backend's. Thread safety: as the wrapped backend's, plus
 * whatever state a decorator keeps.
 */
public abstract class ForwardingBackend implements LlmBackend {

    private final LlmBackend delegate;
    /** The wrapped backend asked through its {@code chat}: the round of a chat call. */
    private final LlmBackend called;

    protected ForwardingBackend(LlmBackend delegate) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
        this.called = new Called(delegate);
    }

    /** The backend this one wraps. */
    protected final LlmBackend delegate() {
        return delegate;
    }

    /**
     * One model round of this backend: streams {@code request} from {@code next} into {@code sink}, as
     * {@link LlmBackend#stream(ChatRequest, StreamSink, StreamHandle)} does. {@code next} is the wrapped backend
     * when the caller streams, and the wrapped backend's {@code chat} giving its reply as one chunk when the caller
     * called {@link #chat}; its {@link LlmBackend#id()} and {@link LlmBackend#outgoing} are the wrapped backend's
     * either way. The default passes the round on unchanged.
     */
    protected void round(ChatRequest request, LlmBackend next, StreamSink sink, StreamHandle handle) {
        next.stream(request, sink, handle);
    }

    /** The {@link #round} over the wrapped backend's {@code chat}, collected ({@link StreamAttempt#collect}). */
    @Override
    public final ChatReply chat(ChatRequest request) {
        return StreamAttempt.collect(id(), (sink, handle) -> round(request, called, sink, handle));
    }

    /** The {@link #round} over the wrapped backend's stream. */
    @Override
    public final void stream(ChatRequest request, StreamSink sink, StreamHandle handle) {
        round(request, delegate, sink, handle);
    }

    @Override
    public ChatRequest outgoing(ChatRequest request) {
        return delegate.outgoing(request);
    }

    @Override
    public String id() {
        return delegate.id();
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "{" + delegate + "}";
    }

    /** A backend asked only through its {@code chat}; its stream is {@link LlmBackend}'s default over that. */
    private static final class Called implements LlmBackend {
        private final LlmBackend backend;

        Called(LlmBackend backend) {
            this.backend = backend;
        }

        @Override
        public ChatReply chat(ChatRequest request) {
            return backend.chat(request);
        }

        @Override
        public ChatRequest outgoing(ChatRequest request) {
            return backend.outgoing(request);
        }

        @Override
        public String id() {
            return backend.id();
        }

        @Override
        public String toString() {
            return backend.toString();
        }
    }
}
