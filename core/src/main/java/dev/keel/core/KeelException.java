package dev.keel.core;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Root of every exception Keel throws. Unchecked; each subclass carries a stable, machine-readable
 * {@link #code()} (the same code {@code keel eval} reports).
 *
 * <p>Keel reports denials, violations and missing evidence as values with reason codes, never as exceptions:
 * an exception means the caller handed Keel something it cannot work with (invalid policy, contract or input)
 * or an outside system failed (a backend).
 */
public abstract class KeelException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String code;

    protected KeelException(String code, String message) {
        this(code, message, null);
    }

    protected KeelException(String code, @Nullable String message, @Nullable Throwable cause) {
        super(message, cause);
        this.code = Objects.requireNonNull(code, "code");
    }

    /** A stable snake_case code naming the kind of failure. */
    public String code() {
        return code;
    }
}
