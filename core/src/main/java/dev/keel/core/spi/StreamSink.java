package dev.keel.core.spi;

import dev.keel.core.BackendException;

/**
 * Where a streamed reply goes ({@link LlmBackend#stream(ChatRequest, StreamSink, StreamHandle)}): its text in chunks,
 * in order, then exactly one ending: {@link #complete} with the whole reply, or {@link #fail} with the failure. A
 * stream the caller cancelled ({@link StreamHandle#cancel()}) ends with neither: the caller asked for the end.
 *
 * <p>The chunks, joined, are the text of the reply {@link #complete} receives. A backend calls a sink on the thread
 * that called {@code stream}, one call at a time, so a sink need not be thread-safe; what a sink throws ends the
 * stream (the backend stops reading) and reaches the caller of {@code stream}.
 */
public interface StreamSink {

    /** The next piece of the reply's text; never empty. */
    void chunk(String text);

    /** The stream ended with the whole reply: its text is the chunks joined, with its usage and model. */
    void complete(ChatReply reply);

    /**
     * The stream failed. Before any chunk it is what {@link LlmBackend#chat} would have thrown; after chunks, the
     * text received so far is no whole answer.
     */
    void fail(BackendException failure);
}
