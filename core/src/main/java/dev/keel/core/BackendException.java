package dev.keel.core;

import java.util.Objects;

/**
 * A model backend (or other outside system behind an SPI) failed. Either {@link RetriableBackendException}
 * (timeouts, refused connections, HTTP 429 and 5xx: the same call may succeed later) or
 * {@link NonRetriableBackendException} (authentication, a malformed request, a reply that cannot be used).
 */
public abstract class BackendException extends KeelException {

    private static final long serialVersionUID = 1L;

    private final String backendId;

    protected BackendException(String code, String backendId, String message, Throwable cause) {
        super(code, message, cause);
        this.backendId = Objects.requireNonNull(backendId, "backendId");
    }

    /** The backend that failed, as it names itself in replies. */
    public String backendId() {
        return backendId;
    }

    /** True when the same call may succeed if tried again. */
    public abstract boolean retriable();
}
