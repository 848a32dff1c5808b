package dev.keel.store.jdbc;

import dev.keel.core.spi.AuditRecord;
import dev.keel.core.spi.AuditSink;
import java.util.Optional;

/**
 * An {@link AuditSink} on a database table: one row per request id, in append order. {@link #append} returns only
 * once the row is committed (on SQLite, with the write-ahead log synced to disk), so an acknowledged record survives
 * a crash of the process. Appending a request id that is already stored changes nothing and returns false, also
 * when several hosts append the same record at once.
 *
 * <p>The payload is stored as the JSON text {@link dev.keel.core.json.JsonCodec#strict()} writes; read back, its
 * numbers are {@link java.math.BigDecimal}s (the same JSON, not necessarily the same Java types). Thread-safe.
 */
public interface JdbcAuditSink extends AuditSink {

    /**
     * The stored record of {@code requestId}.
     *
     * @throws dev.keel.core.BackendException when the database fails
     */
    Optional<AuditRecord> find(String requestId);

    /**
     * How many records are stored.
     *
     * @throws dev.keel.core.BackendException when the database fails
     */
    long count();
}
