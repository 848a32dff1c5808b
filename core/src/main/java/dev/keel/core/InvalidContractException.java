package dev.keel.core;

import org.jspecify.annotations.Nullable;

/**
 * A contract definition (stage contract, evidence contract, data file format) that is not valid; the message
 * names the field and the problem. A model output that breaks a valid contract is not this: it is a list of
 * violations.
 */
public class InvalidContractException extends KeelException {

    private static final long serialVersionUID = 1L;

    public InvalidContractException(String message) {
        super("invalid_contract", message);
    }

    public InvalidContractException(String message, @Nullable Throwable cause) {
        super("invalid_contract", message, cause);
    }
}
