package dev.keel.store.jdbc;

import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.AuditRecord;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Optional;

/**
 * {@link JdbcAuditSink} on the table {@code keel_audit_record}: one autocommitted insert per record, which the
 * unique request id makes idempotent ({@code ON CONFLICT DO NOTHING}, the same statement in both dialects).
 * Thread-safe: every call takes its own connection.
 */
final class SqlAuditSink implements JdbcAuditSink {

    private static final String INSERT = "INSERT INTO keel_audit_record (request_id, recorded_at, kind, payload)"
            + " VALUES (?, ?, ?, ?) ON CONFLICT (request_id) DO NOTHING";
    private static final String SELECT = "SELECT request_id, recorded_at, kind, payload FROM keel_audit_record"
            + " WHERE request_id = ?";
    private static final String COUNT = "SELECT COUNT(*) FROM keel_audit_record";

    private final StoreDatabase database;
    private final JsonCodec json = JsonCodec.strict();

    SqlAuditSink(StoreDatabase database) {
        this.database = database;
    }

    @Override
    public boolean append(AuditRecord record) {
        // The record's own key order; the codec would sort the keys of its unmodifiable view.
        String payload = json.write(new LinkedHashMap<>(record.payload()));
        try (Connection connection = database.connection();
             PreparedStatement insert = connection.prepareStatement(INSERT)) {
            insert.setString(1, record.requestId());
            insert.setString(2, SqlTimestamps.format(record.recordedAt()));
            insert.setString(3, record.kind());
            insert.setString(4, payload);
            return insert.executeUpdate() == 1;
        } catch (SQLException failure) {
            throw database.failure("to append an audit record", failure);
        }
    }

    @Override
    public Optional<AuditRecord> find(String requestId) {
        try (Connection connection = database.connection();
             PreparedStatement select = connection.prepareStatement(SELECT)) {
            select.setString(1, requestId);
            try (ResultSet row = select.executeQuery()) {
                if (!row.next()) {
                    return Optional.empty();
                }
                return Optional.of(AuditRecord.builder().requestId(row.getString(1))
                        .recordedAt(SqlTimestamps.parse(row.getString(2))).kind(row.getString(3))
                        .payload(json.parseObject(row.getString(4))).build());
            }
        } catch (SQLException failure) {
            throw database.failure("to read an audit record", failure);
        }
    }

    @Override
    public long count() {
        try (Connection connection = database.connection();
             PreparedStatement count = connection.prepareStatement(COUNT);
             ResultSet row = count.executeQuery()) {
            row.next();
            return row.getLong(1);
        } catch (SQLException failure) {
            throw database.failure("to count audit records", failure);
        }
    }

    @Override
    public String toString() {
        return "JdbcAuditSink{" + database + "}";
    }
}
