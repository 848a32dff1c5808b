package dev.keel.core;

/**
 * JSON that the wire codec refuses: malformed text, a duplicate key, nesting too deep, a string or document
 * over its limit. {@link #code()} says which ({@code json_malformed}, {@code json_duplicate_key},
 * {@code json_too_deep}, {@code json_string_too_long}, {@code json_number_too_long}, {@code json_number_out_of_range},
 * {@code json_document_too_large}, {@code json_trailing_content}, {@code json_not_an_object},
 * {@code json_unsupported_value}, {@code json_binding_failed}); the message gives the position.
 */
public class WireFormatException extends InvalidInputException {

    private static final long serialVersionUID = 1L;

    public WireFormatException(String code, String message) {
        super(code, message);
    }

    public WireFormatException(String code, String message, Throwable cause) {
        super(code, message, cause);
    }
}
