package dev.keel.store.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.ConfigurationException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.configuration.FluentConfiguration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The store contract on a SQLite file, and what SQLite adds: its durability settings and the file's directory. */
class SqliteStoresTest extends StoreContractTest {

    @TempDir
    Path directory;

    @Override
    protected JdbcStores openStores() {
        return JdbcStores.sqlite(directory.resolve("keel.db"));
    }

    @Override
    protected int threadsPerStore() {
        return 4;
    }

    @Override
    protected FluentConfiguration flyway() {
        return Flyway.configure().dataSource("jdbc:sqlite:" + directory.resolve("keel.db"), null, null);
    }

    @Test
    void theFileIsInWriteAheadLogMode() throws Exception {
        JdbcStores stores = stores();
        assertThat(stores.dialect()).isEqualTo(StoreDialect.SQLITE);
        stores.auditSink().append(record("r-wal", Map.of()));

        assertThat(Files.exists(directory.resolve("keel.db-wal"))).as("the write-ahead log").isTrue();
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + directory.resolve("keel.db"));
             Statement statement = connection.createStatement();
             ResultSet mode = statement.executeQuery("PRAGMA journal_mode")) {
            mode.next();
            assertThat(mode.getString(1)).isEqualToIgnoringCase("wal");
        }
    }

    @Test
    void theFilesDirectoriesAreCreatedAndTheSchemaHasItsOwnHistory() throws Exception {
        Path file = directory.resolve("data/nested/keel.db");
        try (JdbcStores stores = JdbcStores.builder().url("jdbc:sqlite:" + file).build()) {
            stores.auditSink().append(record("r-dir", Map.of()));
        }
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file);
             Statement statement = connection.createStatement();
             ResultSet versions = statement.executeQuery("SELECT version FROM keel_schema_history"
                     + " WHERE success = 1 ORDER BY installed_rank")) {
            List<String> applied = new ArrayList<>();
            while (versions.next()) {
                applied.add(versions.getString(1));
            }
            assertThat(applied).containsExactly("1", "2");
        }
    }

    @Test
    void aRemovedSessionLeavesNoByteOfItsStateInTheDatabaseFiles() throws Exception {
        String marker = "erase-me-" + UUID.randomUUID();
        try (JdbcStores stores = JdbcStores.sqlite(directory.resolve("keel.db"))) {
            JdbcSessionStore sessions = stores.sessionStore();
            sessions.update("s-kept", state -> Map.of("step", "intake"));
            // A short state in the table's page and a long one on overflow pages.
            sessions.update("s-short", state -> Map.of("name", marker));
            sessions.update("s-long", state -> Map.of("notes", marker.repeat(400)));
            assertThat(sessions.remove("s-short")).isTrue();
            assertThat(sessions.remove("s-long")).isTrue();
        }

        try (Stream<Path> files = Files.list(directory)) {
            for (Path file : files.toList()) {
                assertThat(new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1)).as(file.toString())
                        .doesNotContain(marker).doesNotContain("erase-me-");
            }
        }
    }

    @Test
    void theHostsOwnDataSourceIsUsedAndLeftOpen() throws Exception {
        org.sqlite.SQLiteDataSource host = new org.sqlite.SQLiteDataSource();
        host.setUrl("jdbc:sqlite:" + directory.resolve("host.db"));
        try (Connection held = host.getConnection()) {
            try (JdbcStores stores = JdbcStores.builder().dataSource(host).build()) {
                assertThat(stores.dialect()).isEqualTo(StoreDialect.SQLITE);
                assertThat(stores.auditSink().append(record("r-host", Map.of()))).isTrue();
            }
            assertThat(held.isClosed()).isFalse();
            try (Statement statement = held.createStatement();
                 ResultSet mode = statement.executeQuery("PRAGMA journal_mode")) {
                mode.next();
                assertThat(mode.getString(1)).as("switched on by the migration").isEqualToIgnoringCase("wal");
            }
        }
        try (JdbcStores again = JdbcStores.builder().dataSource(host).build()) {
            assertThat(again.auditSink().find("r-host")).isPresent();
        }
    }

    @Test
    void theStoresNeedEitherAUrlOrADataSource() {
        assertThatThrownBy(() -> JdbcStores.builder().build()).isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("neither");
        assertThatThrownBy(() -> JdbcStores.builder().url("jdbc:sqlite:x.db")
                .dataSource(new org.sqlite.SQLiteDataSource()).build())
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("both");
    }

    @Test
    void aUrlOfAnotherDatabaseIsRefusedWithoutQuotingIt() {
        assertThatThrownBy(() -> JdbcStores.builder().url("jdbc:mysql://db/keel?password=hunter2").build())
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("'jdbc:mysql:'")
                .hasMessageNotContaining("hunter2");
    }
}
