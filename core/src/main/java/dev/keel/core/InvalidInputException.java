package dev.keel.core;

import org.jspecify.annotations.Nullable;

/**
 * Input that Keel cannot accept: a malformed request, a value of the wrong type, a field out of range.
 * The message names the field (a JSON pointer where there is one) and the problem.
 */
public class InvalidInputException extends KeelException {

    private static final long serialVersionUID = 1L;

    public InvalidInputException(String message) {
        this("invalid_input", message);
    }

    public InvalidInputException(String code, String message) {
        super(code, message);
    }

    public InvalidInputException(String code, @Nullable String message, Throwable cause) {
        super(code, message, cause);
    }
}
