package dev.keel.core.spi;

/**
 * Where audit records go. Append-only and idempotent by request id: appending a record whose request id is
 * already stored changes nothing. Implementations must be thread-safe and must not lose an acknowledged
 * record.
 */
@FunctionalInterface
public interface AuditSink {

    /**
     * Stores the record unless one with the same request id is already stored.
     *
     * @return true when stored, false when a record with this request id was already there
     * @throws dev.keel.core.BackendException when the store fails
     */
    boolean append(AuditRecord record);

    /** A sink that keeps nothing (every append reports "stored"). */
    static AuditSink noop() {
        return record -> true;
    }
}
