package dev.keel.core.spi;

import dev.keel.core.BackendException;
import dev.keel.core.NonRetriableBackendException;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiConsumer;
import org.jspecify.annotations.Nullable;

/**
 * One try at streaming a reply, for a backend that wraps others (a fallback chain, retries, a budget): a sink that
 * passes the chunks on to the caller's sink at once and keeps the ending, so that the wrapper decides what the caller
 * hears: whether a failure before the first chunk may be tried again elsewhere, what a completed reply costs. A
 * failure after chunks were passed on can only be reported: the caller has part of an answer.
 *
 * <p>{@link #collect} is a chat call made of a stream: what a backend that writes its stream alone gives as
 * {@code chat}.
 *
 * <p>Not pure (it keeps what it heard); not thread-safe: a sink is called from one thread at a time
 * ({@link StreamSink}).
 */
public final class StreamAttempt implements StreamSink {

    /** Where the chunks of a collected stream go: nowhere, since the reply holds the whole text. */
    private static final StreamSink NOWHERE = new StreamSink() {
        @Override
        public void chunk(String text) {
        }

        @Override
        public void complete(ChatReply reply) {
        }

        @Override
        public void fail(BackendException failure) {
        }
    };

    private final StreamSink downstream;
    private int chunks;
    private @Nullable ChatReply reply;
    private @Nullable BackendException failure;

    private StreamAttempt(StreamSink downstream) {
        this.downstream = Objects.requireNonNull(downstream, "downstream");
    }

    /** An attempt passing its chunks to {@code downstream}, and nothing else. */
    public static StreamAttempt forwardingTo(StreamSink downstream) {
        return new StreamAttempt(downstream);
    }

    /** Streams {@code request} from {@code backend} into a new attempt over {@code downstream}, and returns it. */
    public static StreamAttempt run(LlmBackend backend, ChatRequest request, StreamSink downstream,
                                    StreamHandle handle) {
        StreamAttempt attempt = forwardingTo(downstream);
        backend.stream(request, attempt, handle);
        return attempt;
    }

    /**
     * The reply of a stream, as {@link LlmBackend#chat} gives it: runs {@code stream} with a sink and a handle nobody
     * cancels, and returns the reply the stream completed with. The failure it ended with is thrown as it is, as
     * {@code chat} throws it; what {@code stream} throws reaches the caller as thrown.
     *
     * @param backendId the backend streaming, named in the failure of a stream that ended without an ending
     * @throws BackendException when the stream failed, or ended with neither a reply nor a failure
     */
    public static ChatReply collect(String backendId, BiConsumer<StreamSink, StreamHandle> stream) {
        StreamAttempt attempt = collecting();
        stream.accept(attempt, StreamHandle.create());
        return attempt.reply().orElseThrow(() -> attempt.notAnswered(backendId));
    }

    /** An attempt that keeps the ending and passes its chunks nowhere: a stream heard as a chat call. */
    static StreamAttempt collecting() {
        return forwardingTo(NOWHERE);
    }

    @Override
    public void chunk(String text) {
        if (reply != null || failure != null) {
            return; // nothing comes after an ending
        }
        chunks++;
        downstream.chunk(text);
    }

    @Override
    public void complete(ChatReply reply) {
        if (this.reply == null && failure == null) {
            this.reply = Objects.requireNonNull(reply, "reply");
        }
    }

    @Override
    public void fail(BackendException failure) {
        if (reply == null && this.failure == null) {
            this.failure = Objects.requireNonNull(failure, "failure");
        }
    }

    /** How many chunks were passed on. */
    public int chunks() {
        return chunks;
    }

    /** The reply the stream completed with; empty when it failed or ended without an ending (cancelled). */
    public Optional<ChatReply> reply() {
        return Optional.ofNullable(reply);
    }

    /** The failure the stream ended with; empty when it completed or ended without an ending (cancelled). */
    public Optional<BackendException> failure() {
        return Optional.ofNullable(failure);
    }

    /** Whether it failed before passing on any chunk: the caller has heard nothing, so another try is unseen. */
    public boolean failedBeforeFirstChunk() {
        return failure != null && chunks == 0;
    }

    /**
     * Why this attempt gave no reply (ask only when {@link #reply()} is empty): the failure it ended with; when it
     * ended with neither ending (cancelled, or a backend that broke the contract of {@link StreamSink}), a
     * {@link NonRetriableBackendException} of {@code backendId} that says so.
     */
    public BackendException notAnswered(String backendId) {
        return failure().orElseGet(() -> new NonRetriableBackendException(backendId, "backend '" + backendId
                + "' ended its stream with neither a reply nor a failure", null));
    }

    /** Gives the ending kept (if any) to the downstream sink, as the stream tried gave it. */
    public void end() {
        if (reply != null) {
            downstream.complete(reply);
        } else if (failure != null) {
            downstream.fail(failure);
        }
    }

    @Override
    public String toString() {
        return "StreamAttempt{" + chunks + " chunks, " + (reply != null ? "completed" : failure != null
                ? "failed (" + failure.summary() + ")" : "no ending") + "}";
    }
}
