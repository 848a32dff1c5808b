package dev.keel.store.jdbc;

import dev.keel.core.BackendException;
import dev.keel.core.NonRetriableBackendException;
import dev.keel.core.RetriableBackendException;
import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientException;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Turns a database failure into core's backend exceptions: retriable when the same statement may succeed later (a
 * lost or refused connection, a pool timeout, a serialization failure or deadlock, a busy SQLite file), otherwise
 * not. The message says what the store was doing and the SQL state, never a secret: a cause whose text mentions
 * one is replaced by a copy with the secret redacted. Stateless and thread-safe.
 */
final class StoreFailures {

    /** SQLite's result codes for a file locked by another connection. */
    private static final int SQLITE_BUSY = 5;
    private static final int SQLITE_LOCKED = 6;

    private StoreFailures() {
    }

    static BackendException of(String storeId, String doing, Throwable failure, List<String> secrets) {
        SQLException sql = find(failure);
        String state = sql == null || sql.getSQLState() == null ? "" : " (SQL state " + sql.getSQLState() + ")";
        String message = "the " + storeId + " failed " + doing + state + ": " + redact(describe(failure), secrets);
        Throwable cause = mentionsAny(failure, secrets) ? new RedactedFailure(failure, secrets) : failure;
        return retriable(failure, sql) ? new RetriableBackendException(storeId, message, cause)
                : new NonRetriableBackendException(storeId, message, cause);
    }

    private static boolean retriable(Throwable failure, @Nullable SQLException sql) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof SQLTransientException || t instanceof SQLRecoverableException) {
                return true;
            }
        }
        if (sql == null) {
            return false;
        }
        String state = sql.getSQLState() == null ? "" : sql.getSQLState();
        // 08: connection exceptions; 40: serialization failure, deadlock; 53: insufficient resources;
        // 57P: the server is shutting down or restarting.
        if (state.startsWith("08") || state.startsWith("40") || state.startsWith("53") || state.startsWith("57P")) {
            return true;
        }
        // SQLite reports no SQL state; its primary result code is the low byte of the error code.
        int sqliteCode = sql.getErrorCode() & 0xff;
        return state.isEmpty() && (sqliteCode == SQLITE_BUSY || sqliteCode == SQLITE_LOCKED);
    }

    private static @Nullable SQLException find(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof SQLException) {
                return (SQLException) t;
            }
        }
        return null;
    }

    /** The innermost message, which says what went wrong; the outer ones mostly repeat it. */
    private static String describe(Throwable failure) {
        String message = null;
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t.getMessage() != null && !t.getMessage().isBlank()) {
                message = t.getMessage();
            }
        }
        return message == null ? failure.getClass().getSimpleName() : message.strip();
    }

    static String redact(String text, List<String> secrets) {
        String redacted = text;
        for (String secret : secrets) {
            redacted = redacted.replace(secret, "[REDACTED]");
        }
        return redacted;
    }

    private static boolean mentionsAny(Throwable failure, List<String> secrets) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            String text = String.valueOf(t.getMessage()) + t;
            for (String secret : secrets) {
                if (text.contains(secret)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * A failure's copy with every secret redacted from its message and its causes' messages: same class name in
     * the text, same stack traces. Checked, because it is only ever a cause.
     */
    static final class RedactedFailure extends Exception {

        private static final long serialVersionUID = 1L;

        RedactedFailure(Throwable original, List<String> secrets) {
            super(original.getClass().getName() + ": " + redact(String.valueOf(original.getMessage()), secrets),
                    original.getCause() == null ? null : new RedactedFailure(original.getCause(), secrets));
            setStackTrace(original.getStackTrace());
        }

        @Override
        public String toString() {
            return String.valueOf(getMessage()); // never null: the constructor gives a message
        }
    }
}
