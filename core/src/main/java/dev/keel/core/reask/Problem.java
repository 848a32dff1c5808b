package dev.keel.core.reask;

import java.util.Objects;

/**
 * One way a model's reply breaks what was asked of it: a stable code, the JSON pointer (RFC 6901) of the offending
 * value ({@code ""} for the reply as a whole) and a message a model can act on. Immutable, pure and thread-safe.
 */
public record Problem(String code, String pointer, String message) {

    /** The code of a reply that is not one JSON object (the codec's code, if any, is kept in the message). */
    public static final String NOT_JSON = "output_not_json";

    /** The code of a reply longer than its contract allows, rejected unread. */
    public static final String TOO_LONG = "reply_too_long";

    /** The code of a value of a reply that its contract's JSON Schema refuses, at that value's pointer. */
    public static final String CONTRACT_VIOLATION = "contract_violation";

    public Problem {
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(pointer, "pointer");
        Objects.requireNonNull(message, "message");
    }

    /** {@code [code] pointer: message}, the whole reply shown as {@code (output)}: a line of a re-ask or an audit. */
    @Override
    public String toString() {
        return "[" + code + "] " + (pointer.isEmpty() ? "(output)" : pointer) + ": " + message;
    }
}
