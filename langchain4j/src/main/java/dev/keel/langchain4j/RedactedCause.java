package dev.keel.langchain4j;
import org.jspecify.annotations.Nullable;

/**
 * A copy of a provider's exception with its message redacted, kept as the cause of a Keel backend exception so
 * that stack traces stay useful while the original (whose message may echo a key) is dropped. It may still hold the
 * provider's own text (an error body): it is for the host's debugging, and Keel never copies it into a message, a
 * reason, a log line or a record. Checked on purpose: it is never thrown, only attached. Immutable after
 * construction.
 */
final class RedactedCause extends Exception {

    private static final long serialVersionUID = 1L;

    private static final int MAX_DEPTH = 8;

    private final String originalType;

    private RedactedCause(String originalType, @Nullable String message, @Nullable RedactedCause cause) {
        super(message, cause, false, true);
        this.originalType = originalType;
    }

    /** A redacted copy of {@code failure} and its causes (at most 8 deep). */
    static RedactedCause of(Throwable failure, Redactor redactor) {
        return copy(failure, redactor, 0);
    }

    private static RedactedCause copy(Throwable failure, Redactor redactor, int depth) {
        Throwable next = failure.getCause();
        @Nullable RedactedCause cause = next == null || next == failure || depth + 1 >= MAX_DEPTH ? null : copy(next, redactor, depth + 1);
        RedactedCause copy = new RedactedCause(failure.getClass().getName(), redactor.redact(failure.getMessage()), cause);
        copy.setStackTrace(failure.getStackTrace());
        return copy;
    }

    /** The class name of the exception this copies. */
    String originalType() {
        return originalType;
    }

    @Override
    public String toString() {
        String message = getLocalizedMessage();
        return originalType + " (redacted copy)" + (message == null ? "" : ": " + message);
    }
}
