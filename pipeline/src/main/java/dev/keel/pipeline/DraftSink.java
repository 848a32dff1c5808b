package dev.keel.pipeline;

import dev.keel.core.spi.StreamHandle;

/**
 * Where a reasoning step that streams ({@link ReasoningStep#stream}) hands its draft as the model writes it: the
 * pipeline passes every chunk through the outbound filter to the caller. The chunks, joined, must be the draft the
 * step returns. Handed to the step's thread, used by one thread at a time.
 */
public interface DraftSink {

    /** The next piece of the model's reply, as it came; never empty. */
    void chunk(String text);

    /**
     * The caller's handle of the stream: a backend registers with it to close its connection when the caller
     * cancels ({@link BackendCalls#stream}).
     */
    StreamHandle handle();
}
