package dev.keel.store.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;

/**
 * Brings the stores' schema up to date with Flyway: the migrations of the dialect, under
 * {@code dev/keel/store/jdbc/migration/<dialect>}, recorded in their own history table so that a database the host
 * migrates with Flyway too keeps its own history. Concurrent migrations by several hosts are serialised by Flyway's
 * lock. Flyway logs through {@link FlywayLogs}. Stateless and thread-safe.
 */
final class SchemaMigrations {

    /** Keel's own history table, beside any the host has. */
    static final String HISTORY_TABLE = "keel_schema_history";

    private SchemaMigrations() {
    }

    /** @throws dev.keel.core.BackendException when the database cannot be migrated */
    static void migrate(StoreDatabase database) {
        if (database.dialect() == StoreDialect.SQLITE) {
            enableWriteAheadLog(database);
        }
        try {
            Flyway.configure(SchemaMigrations.class.getClassLoader())
                    .dataSource(database.dataSource())
                    .locations("classpath:dev/keel/store/jdbc/migration/" + database.dialect().wireName())
                    .table(HISTORY_TABLE)
                    // Through SLF4J, quiet at INFO unless a migration is applied (without it Flyway picks a
                    // java.util.logging log when the host has no SLF4J provider, and logs ten lines per open).
                    .loggers(FlywayLogs.class.getName())
                    // A schema that already holds the host's tables is migrated from version 0, not refused.
                    .baselineOnMigrate(true)
                    .baselineVersion("0")
                    .load()
                    .migrate();
        } catch (FlywayException failure) {
            throw database.failure("to migrate the schema", failure);
        }
    }

    /** The journal mode is kept in the file; it cannot be changed inside the migration's transaction. */
    private static void enableWriteAheadLog(StoreDatabase database) {
        try (Connection connection = database.connection(); Statement statement = connection.createStatement()) {
            statement.execute("PRAGMA journal_mode=WAL");
        } catch (SQLException failure) {
            throw database.failure("to switch on write-ahead logging", failure);
        }
    }
}
