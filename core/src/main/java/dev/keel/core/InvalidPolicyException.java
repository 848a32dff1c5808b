package dev.keel.core;

/** A policy document, rule set or routing table that is not valid; the message names the field and the problem. */
public class InvalidPolicyException extends KeelException {

    private static final long serialVersionUID = 1L;

    public InvalidPolicyException(String message) {
        super("invalid_policy", message);
    }

    public InvalidPolicyException(String message, Throwable cause) {
        super("invalid_policy", message, cause);
    }
}
