package dev.keel.core;

/** A backend failure that trying again will not mend: authentication, a rejected request, an unusable reply. */
public class NonRetriableBackendException extends BackendException {

    private static final long serialVersionUID = 1L;

    public NonRetriableBackendException(String backendId, String message, Throwable cause) {
        super("backend_failed", backendId, message, cause);
    }

    @Override
    public boolean retriable() {
        return false;
    }
}
