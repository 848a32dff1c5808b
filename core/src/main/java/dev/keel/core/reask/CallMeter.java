package dev.keel.core.reask;

import dev.keel.core.spi.ChatRequest;

/**
 * Admits and accounts for each call of one {@link Reasker#ask}: a spending cap checks each call before it is made and
 * charges it after. One meter serves one ask at a time (it may carry an estimate from {@link #admit} to
 * {@link #made}); not necessarily pure.
 */
public interface CallMeter {

    /**
     * Before each call: whether it may be made. {@code outgoing} is the request as the backend would send it
     * ({@link dev.keel.core.spi.LlmBackend#outgoing}), what an estimate must be made on. A call not admitted ends the
     * ask as {@link Attempt.Outcome#REFUSED}.
     */
    boolean admit(ChatRequest outgoing);

    /** After each call that was made: answered (accepted or not) or failed. */
    void made(Attempt<?> attempt);
}
