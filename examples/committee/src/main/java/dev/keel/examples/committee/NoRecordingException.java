package dev.keel.examples.committee;

import dev.keel.core.InvalidInputException;

/**
 * A request that a service in replay mode has no recording for: no model may answer it. Code
 * {@value #CODE}. Immutable and thread-safe.
 */
public final class NoRecordingException extends InvalidInputException {

    /** The code. */
    public static final String CODE = "no_recording";

    private static final long serialVersionUID = 1L;

    public NoRecordingException(String message) {
        super(CODE, message);
    }
}
