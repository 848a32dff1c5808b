package dev.keel.store.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The settings of the pool's SQLite connections, which are per connection and so only visible on them. */
class StoreDatabaseTest {

    @TempDir
    Path directory;

    @Test
    void sqliteConnectionsCommitSynchronouslyInWriteAheadLogModeAndWaitForABusyFile() throws Exception {
        ConnectionSettings settings = ConnectionSettings.parse("jdbc:sqlite:" + directory.resolve("k.db"), null, null);
        try (StoreDatabase database = StoreDatabase.open(settings, null);
             Connection connection = database.connection();
             Statement statement = connection.createStatement()) {
            assertThat(pragma(statement, "journal_mode")).isEqualToIgnoringCase("wal");
            assertThat(pragma(statement, "synchronous")).isEqualTo("2"); // FULL
            assertThat(pragma(statement, "busy_timeout")).isEqualTo("10000");
        }
    }

    private static String pragma(Statement statement, String name) throws Exception {
        try (ResultSet value = statement.executeQuery("PRAGMA " + name)) {
            value.next();
            return value.getString(1);
        }
    }
}
