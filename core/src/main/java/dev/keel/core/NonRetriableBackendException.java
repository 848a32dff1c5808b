package dev.keel.core;

import org.jspecify.annotations.Nullable;

/** A backend failure that trying again will not mend: authentication, a rejected request, an unusable reply. */
public class NonRetriableBackendException extends BackendException {

    private static final long serialVersionUID = 1L;

    public NonRetriableBackendException(String backendId, @Nullable String message, @Nullable Throwable cause) {
        this(backendId, message, null, cause);
    }

    /** {@code httpStatus} is the status the backend answered, or null when there was none. */
    public NonRetriableBackendException(String backendId, @Nullable String message, @Nullable Integer httpStatus,
            @Nullable Throwable cause) {
        super("backend_failed", backendId, message, httpStatus, cause);
    }

    @Override
    public boolean retriable() {
        return false;
    }
}
