package dev.keel.core;

import java.time.Duration;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/** A backend failure that may pass: timeout, refused connection, HTTP 429 or 5xx. */
public class RetriableBackendException extends BackendException {

    private static final long serialVersionUID = 1L;

    private final @Nullable Duration retryAfter;

    public RetriableBackendException(String backendId, @Nullable String message, @Nullable Throwable cause) {
        this(backendId, message, null, cause);
    }

    /** {@code retryAfter} is the delay the backend asked for (HTTP Retry-After), or null. */
    public RetriableBackendException(String backendId, @Nullable String message, @Nullable Duration retryAfter,
            @Nullable Throwable cause) {
        this(backendId, message, null, retryAfter, cause);
    }

    /**
     * {@code httpStatus} is the status the backend answered, or null; {@code retryAfter} the delay it asked for
     * (HTTP Retry-After), or null.
     */
    public RetriableBackendException(String backendId, @Nullable String message, @Nullable Integer httpStatus,
                                     @Nullable Duration retryAfter, @Nullable Throwable cause) {
        super("backend_retriable", backendId, message, httpStatus, cause);
        this.retryAfter = retryAfter;
    }

    /** The delay the backend asked for before the next attempt, if it said. */
    public Optional<Duration> retryAfter() {
        return Optional.ofNullable(retryAfter);
    }

    @Override
    public boolean retriable() {
        return true;
    }
}
