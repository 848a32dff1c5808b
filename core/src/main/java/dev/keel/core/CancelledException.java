package dev.keel.core;

/**
 * Work that stopped at a {@link Cancellation#checkpoint()} because its thread was interrupted: nobody waits for its
 * result any more. Code {@code cancelled}; {@code keel eval} answers the line it belonged to with
 * {@code line_timeout}.
 */
public class CancelledException extends KeelException {

    private static final long serialVersionUID = 1L;

    public CancelledException(String message) {
        super("cancelled", message);
    }
}
