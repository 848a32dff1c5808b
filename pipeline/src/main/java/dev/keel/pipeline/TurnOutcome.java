package dev.keel.pipeline;

import java.util.Locale;

/** How a governed call ended. Immutable and thread-safe. */
public enum TurnOutcome {
    /** The answer was written. */
    ANSWERED,
    /** Governance denied the request: no model was called. */
    DENIED,
    /** A step asked the user to clarify before anything else was done. */
    CLARIFICATION,
    /** A step asked the user one question it needs answered before it can go on. */
    ASK_USER,
    /** The answer broke the rules twice and was refused. */
    REFUSED,
    /**
     * The model asked for tools the caller runs ({@link Tools.Builder#runByCaller}) and the tool gate allowed the
     * calls: the turn ends with them ({@link GovernedAnswer#toolCalls()}) and waits for their results, which the
     * caller sends in its next request ({@link GovernedRequest.Builder#toolExchange}).
     */
    TOOL_CALLS;

    /** The lower-case wire name, for example {@code ask_user}. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
