package dev.keel.langchain4j;

import dev.keel.core.BackendException;
import dev.keel.core.RetriableBackendException;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.StreamHandle;
import dev.keel.core.spi.StreamSink;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.PartialResponse;
import dev.langchain4j.model.chat.response.PartialResponseContext;
import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;
import dev.langchain4j.model.chat.response.StreamingHandle;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import org.jspecify.annotations.Nullable;

/**
 * One streamed call of a langchain4j {@link StreamingChatModel}, made blocking: the model's callbacks (on its HTTP
 * client's threads) only queue what arrived, and the calling thread takes it from the queue and calls the sink, so
 * that the sink sees one thread, in order, and a sink slow to take a chunk holds nothing but the queue.
 *
 * <p>The connection is closed through langchain4j's {@link StreamingHandle}, which a model hands over with each
 * chunk: when the caller cancels, when the provider stays silent for longer than the timeout, or when the sink throws.
 * Before the first chunk there is no handle yet; a chunk that arrives after the call was given up closes the
 * connection at once. A stream that ends without the provider saying why generation stopped (no finish reason) was
 * cut short, and fails. Not pure (network I/O through the model); one instance per call, used by one thread.
 */
final class LangChainStream implements StreamingChatResponseHandler {

    /** What the model's callbacks report, in the order they came. */
    private sealed interface Event permits Chunk, Completed, Failed, Cancelled {
    }

    private record Chunk(String text) implements Event {
    }

    private record Completed(ChatResponse response) implements Event {
    }

    private record Failed(Throwable failure) implements Event {
    }

    private record Cancelled() implements Event {
    }

    private final String backendId;
    private final Redactor redactor;
    private final Duration timeout;
    private final BiFunction<ChatResponse, String, ChatReply> reply;
    private final BlockingQueue<Event> events = new LinkedBlockingQueue<>();
    private volatile @Nullable StreamingHandle connection;
    private volatile boolean givenUp;

    /**
     * @param reply the backend's reply for the provider's final response and the text streamed (the chunks joined)
     */
    LangChainStream(String backendId, Redactor redactor, Duration timeout,
                    BiFunction<ChatResponse, String, ChatReply> reply) {
        this.backendId = backendId;
        this.redactor = redactor;
        this.timeout = timeout;
        this.reply = reply;
    }

    /** Streams {@code request} from {@code model} into {@code sink}; returns at the ending, or when cancelled. */
    void run(StreamingChatModel model, ChatRequest request, StreamSink sink, StreamHandle handle) {
        try {
            model.chat(request, this);
        } catch (RuntimeException failure) {
            sink.fail(FailureClassifier.classify(backendId, failure, redactor));
            return;
        }
        handle.onCancel(() -> events.add(new Cancelled()));
        boolean ended = false;
        try {
            ended = relay(sink);
        } finally {
            if (!ended) {
                giveUp();
            }
        }
    }

    /** Passes what arrives on to {@code sink}; true when the stream ended on its own (completed or failed). */
    private boolean relay(StreamSink sink) {
        LeadingThinking thinking = new LeadingThinking();
        StringBuilder text = new StringBuilder();
        while (true) {
            Event event;
            try {
                event = events.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException interrupted) {
                giveUp();
                sink.fail(FailureClassifier.classify(backendId, interrupted, redactor));
                return false;
            }
            if (event == null) {
                giveUp();
                sink.fail(new RetriableBackendException(backendId, "backend '" + backendId + "' timed out: no part"
                        + " of the stream for " + timeout.toMillis() + " ms", null));
                return false;
            }
            if (event instanceof Cancelled) {
                return false;
            }
            if (event instanceof Chunk chunk) {
                pass(thinking.accept(chunk.text()), text, sink);
            } else if (event instanceof Completed completed) {
                if (completed.response().finishReason() == null) {
                    // langchain4j's OpenAI client completes a stream whose connection ended before the provider's
                    // last event ([DONE], a finish reason): what arrived is part of an answer, not all of it.
                    sink.fail(new RetriableBackendException(backendId, "backend '" + backendId + "' stream ended"
                            + " before the provider finished it", null));
                    return true;
                }
                pass(thinking.end(), text, sink);
                ChatReply answer;
                try {
                    answer = reply.apply(completed.response(), text.toString());
                } catch (BackendException noText) {
                    sink.fail(noText);
                    return true;
                }
                sink.complete(answer);
                return true;
            } else {
                sink.fail(FailureClassifier.classify(backendId, ((Failed) event).failure(), redactor));
                return true;
            }
        }
    }

    private static void pass(String piece, StringBuilder text, StreamSink sink) {
        if (!piece.isEmpty()) {
            text.append(piece);
            sink.chunk(piece);
        }
    }

    /** Nobody reads this stream any more: close its connection now, or as soon as a chunk brings the handle. */
    private void giveUp() {
        givenUp = true;
        StreamingHandle open = connection;
        if (open != null) {
            open.cancel();
        }
    }

    @Override
    public void onPartialResponse(PartialResponse partial, PartialResponseContext context) {
        connection = context.streamingHandle();
        if (givenUp) {
            context.streamingHandle().cancel();
            return;
        }
        onPartialResponse(partial.text());
    }

    @Override
    public void onPartialResponse(String partial) {
        if (partial != null && !partial.isEmpty()) {
            events.add(new Chunk(partial));
        }
    }

    @Override
    public void onCompleteResponse(ChatResponse response) {
        events.add(new Completed(response));
    }

    @Override
    public void onError(Throwable failure) {
        events.add(new Failed(failure));
    }
}
