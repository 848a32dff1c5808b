package dev.keel.pipeline;

import dev.keel.core.KeelException;

/**
 * Where a streamed governed call ({@link Pipeline#stream}) delivers its answer: the text the user may read, in chunks,
 * in order, as the outbound filter lets it go, then exactly one ending: {@link #complete} with the whole answer, or
 * {@link #fail} with the failure. A call the caller cancelled ends with neither.
 *
 * <p>The chunks, joined, are the {@link GovernedAnswer#text()} that {@link #complete} receives. The pipeline calls a
 * sink on the thread that called {@code stream}, one call at a time, so a sink need not be thread-safe; what a sink
 * throws ends the call, which is audited as failed, and reaches the caller of {@code stream}.
 */
public interface AnswerSink {

    /** The next piece of the filtered answer; never empty. */
    void chunk(String text);

    /**
     * The call ended with {@code answer}, whose text is the chunks joined; its audit record has been written and its
     * provenance is complete.
     */
    void complete(GovernedAnswer answer);

    /**
     * The call failed with what {@link Pipeline#call} would have thrown; its audit record (outcome {@code failed})
     * has been written when the sink allowed. After chunks, the text received so far is no whole answer.
     */
    void fail(KeelException failure);
}
