package dev.keel.core;

import java.util.Objects;
import java.util.OptionalInt;
import org.jspecify.annotations.Nullable;

/**
 * A model backend (or other outside system behind an SPI) failed. Either {@link RetriableBackendException}
 * (timeouts, refused connections, HTTP 429 and 5xx: the same call may succeed later) or
 * {@link NonRetriableBackendException} (authentication, a malformed request, a reply that cannot be used).
 *
 * <p>What Keel reports of a failure wherever a reader sees it (provenance, the decision log, audit records, the
 * messages of the exceptions it builds) is {@link #summary()}: the code and the HTTP status, never the backend's own
 * text. A provider's error body may carry data and instructions aimed at whoever reads it; the adapters keep it,
 * at most, in the exception's {@linkplain #getCause() cause}, for the host's own debugging, and Keel never copies a
 * cause's text anywhere.
 */
public abstract class BackendException extends KeelException {

    private static final long serialVersionUID = 1L;

    private final String backendId;
    /** The HTTP status the backend answered, or 0 when there was none. */
    private final int httpStatus;

    protected BackendException(String code, String backendId, String message, @Nullable Throwable cause) {
        this(code, backendId, message, null, cause);
    }

    /** {@code httpStatus} is the status the backend answered (100 to 599), or null when there was none. */
    protected BackendException(String code, String backendId, @Nullable String message, @Nullable Integer httpStatus,
            @Nullable Throwable cause) {
        super(code, message, cause);
        this.backendId = Objects.requireNonNull(backendId, "backendId");
        if (httpStatus != null && (httpStatus < 100 || httpStatus > 599)) {
            throw new InvalidInputException("an HTTP status is 100 to 599, not " + httpStatus);
        }
        this.httpStatus = httpStatus == null ? 0 : httpStatus;
    }

    /** The backend that failed, as it names itself in replies. */
    public String backendId() {
        return backendId;
    }

    /** The HTTP status the backend answered, when the failure was one. */
    public OptionalInt httpStatus() {
        return httpStatus == 0 ? OptionalInt.empty() : OptionalInt.of(httpStatus);
    }

    /** True when the same call may succeed if tried again. */
    public abstract boolean retriable();

    /**
     * The failure as Keel reports it: {@code "backend_failed, HTTP 400"}, or the code alone when there was no HTTP
     * status. Made of Keel's values only, never of the backend's text.
     */
    public String summary() {
        return summary(code(), httpStatus());
    }

    /** {@link #summary()} of a failure with {@code code} and {@code httpStatus}. */
    public static String summary(String code, OptionalInt httpStatus) {
        return Objects.requireNonNull(code, "code")
                + (httpStatus.isPresent() ? ", HTTP " + httpStatus.getAsInt() : "");
    }
}
