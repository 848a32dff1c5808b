package dev.keel.store.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What opening a store logs, through SLF4J (bound to java.util.logging in these tests, where SLF4J's debug is
 * {@code FINE}): Flyway under its own logger names, with only a migration actually applied at INFO, so that a store
 * opened on an up-to-date schema is quiet at INFO (but for HikariCP's start lines).
 */
class StoreLoggingTest {

    @TempDir
    Path directory;

    private final List<LogRecord> records = new CopyOnWriteArrayList<>();
    /** Strong references: java.util.logging keeps loggers only weakly. */
    private final List<Logger> loggers = List.of(Logger.getLogger("org.flywaydb"), Logger.getLogger("com.zaxxer.hikari"),
            Logger.getLogger("dev.keel"));
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord record) {
            records.add(record);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    @BeforeEach
    void captureEveryLevel() {
        capture.setLevel(Level.ALL);
        loggers.forEach(logger -> {
            logger.setLevel(Level.ALL);
            logger.addHandler(capture);
            logger.setUseParentHandlers(false);
        });
    }

    @AfterEach
    void release() {
        loggers.forEach(logger -> {
            logger.removeHandler(capture);
            logger.setLevel(null);
            logger.setUseParentHandlers(true);
        });
    }

    private List<String> flyway(Level atLeast) {
        return records.stream().filter(record -> record.getLoggerName().startsWith("org.flywaydb."))
                .filter(record -> record.getLevel().intValue() >= atLeast.intValue())
                .map(LogRecord::getMessage).toList();
    }

    private List<String> flywayAt(Level level) {
        return records.stream().filter(record -> record.getLoggerName().startsWith("org.flywaydb."))
                .filter(record -> record.getLevel().equals(level)).map(LogRecord::getMessage).toList();
    }

    @Test
    void flywayLogsThroughSlf4jAndOnlyAnAppliedMigrationAtInfo() {
        try (JdbcStores stores = JdbcStores.sqlite(directory.resolve("keel.db"))) {
            assertThat(stores.auditSink()).isNotNull();
        }

        assertThat(flyway(Level.INFO)).as("a new database: the migrations applied").isNotEmpty()
                .allSatisfy(line -> assertThat(line).matches("(Migrating schema|Successfully applied) .*"))
                .anySatisfy(line -> assertThat(line).startsWith("Successfully applied"));
        assertThat(flywayAt(Level.FINE)).as("the routine lines, at SLF4J's debug")
                .anySatisfy(line -> assertThat(line).startsWith("Successfully validated"));
        records.clear();

        try (JdbcStores stores = JdbcStores.sqlite(directory.resolve("keel.db"))) {
            assertThat(stores.auditSink()).isNotNull();
        }

        assertThat(flyway(Level.INFO)).as("an up-to-date schema: nothing at INFO").isEmpty();
        assertThat(flywayAt(Level.FINE)).as("what Flyway did, at SLF4J's debug")
                .anySatisfy(line -> assertThat(line).contains("up to date"));
        // HikariCP logs its own three start lines at INFO, which it offers no setting for.
        assertThat(records.stream().filter(record -> record.getLevel().intValue() >= Level.INFO.intValue())
                .filter(record -> !record.getLoggerName().startsWith("com.zaxxer.hikari."))
                .map(LogRecord::getMessage)).as("nothing else at INFO either").isEmpty();
    }
}
