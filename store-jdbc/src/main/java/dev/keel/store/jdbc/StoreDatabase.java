package dev.keel.store.jdbc;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.keel.core.BackendException;
import dev.keel.core.ConfigurationException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;

/**
 * The database the stores run on: its data source (a pool this opened, or the host's), its dialect, and how its
 * failures are reported. Thread-safe.
 */
final class StoreDatabase implements AutoCloseable {

    /** SQLite commits survive a crash of the process and of the machine; a busy file is waited for, not failed. */
    private static final String SQLITE_JOURNAL_MODE = "WAL";
    private static final String SQLITE_SYNCHRONOUS = "FULL";
    private static final String SQLITE_BUSY_TIMEOUT_MS = "10000";
    /** A removed session's bytes are overwritten with zeros, not merely marked free: erasure leaves no copy. */
    private static final String SQLITE_SECURE_DELETE = "true";
    private static final int POSTGRESQL_POOL_SIZE = 10;

    private final StoreDialect dialect;
    private final DataSource dataSource;
    private final @Nullable HikariDataSource ownPool;
    private final String description;
    private final List<String> secrets;

    private StoreDatabase(StoreDialect dialect, DataSource dataSource, @Nullable HikariDataSource ownPool,
            String description,
                          List<String> secrets) {
        this.dialect = dialect;
        this.dataSource = dataSource;
        this.ownPool = ownPool;
        this.description = description;
        this.secrets = List.copyOf(secrets);
    }

    /**
     * Opens a pool on {@code settings}.
     *
     * @throws ConfigurationException when the dialect's driver is not on the class path
     * @throws BackendException       when the database cannot be reached
     */
    static StoreDatabase open(ConnectionSettings settings, @Nullable Integer maximumPoolSize) {
        requireDriver(settings.dialect());
        HikariConfig config = new HikariConfig();
        config.setPoolName("keel-store-" + settings.dialect().wireName());
        config.setJdbcUrl(settings.url());
        config.setUsername(settings.username());
        config.setPassword(settings.password());
        settings.secretProperties().forEach(config::addDataSourceProperty);
        if (settings.dialect() == StoreDialect.SQLITE) {
            config.setDriverClassName("org.sqlite.JDBC");
            config.addDataSourceProperty("journal_mode", SQLITE_JOURNAL_MODE);
            config.addDataSourceProperty("synchronous", SQLITE_SYNCHRONOUS);
            config.addDataSourceProperty("busy_timeout", SQLITE_BUSY_TIMEOUT_MS);
            config.addDataSourceProperty("secure_delete", SQLITE_SECURE_DELETE);
            config.setMaximumPoolSize(maximumPoolSize == null ? 1 : maximumPoolSize);
            createParentDirectories(settings);
        } else {
            config.setDriverClassName("org.postgresql.Driver");
            config.setMaximumPoolSize(maximumPoolSize == null ? POSTGRESQL_POOL_SIZE : maximumPoolSize);
        }
        config.setMinimumIdle(1);
        String description = settings.toString();
        try {
            HikariDataSource pool = new HikariDataSource(config);
            return new StoreDatabase(settings.dialect(), pool, pool, description, settings.secrets());
        } catch (RuntimeException failure) {
            throw StoreFailures.of(storeId(settings.dialect()), "to connect to " + settings.url(), failure,
                    settings.secrets());
        }
    }

    /**
     * The host's data source; its dialect is read from the database.
     *
     * @throws ConfigurationException when the database is neither SQLite nor PostgreSQL, or its driver support is
     *         missing
     * @throws BackendException       when the database cannot be reached
     */
    static StoreDatabase borrow(DataSource dataSource) {
        String product;
        try (Connection connection = dataSource.getConnection()) {
            product = connection.getMetaData().getDatabaseProductName();
        } catch (SQLException | RuntimeException failure) {
            throw StoreFailures.of("store", "to connect through the host's data source", failure, List.of());
        }
        StoreDialect dialect = switch (product.toLowerCase(Locale.ROOT)) {
            case "sqlite" -> StoreDialect.SQLITE;
            case "postgresql" -> StoreDialect.POSTGRESQL;
            default -> throw new ConfigurationException("the stores run on SQLite or PostgreSQL, not on " + product);
        };
        requireDriver(dialect);
        return new StoreDatabase(dialect, dataSource, null, dialect.wireName() + " through the host's data source",
                List.of());
    }

    private static void requireDriver(StoreDialect dialect) {
        if (dialect == StoreDialect.SQLITE) {
            requireClass("org.sqlite.JDBC", "org.xerial:sqlite-jdbc");
        } else {
            requireClass("org.postgresql.Driver", "org.postgresql:postgresql");
            requireClass("org.flywaydb.database.postgresql.PostgreSQLDatabaseType",
                    "org.flywaydb:flyway-database-postgresql");
        }
    }

    private static void requireClass(String className, String artifact) {
        try {
            Class.forName(className, false, StoreDatabase.class.getClassLoader());
        } catch (ClassNotFoundException missing) {
            throw new ConfigurationException("this store needs " + artifact + " on the class path; add it as a"
                    + " dependency");
        }
    }

    private static void createParentDirectories(ConnectionSettings settings) {
        String file = settings.sqliteFile();
        if (file == null) {
            return;
        }
        Path parent = Path.of(file).toAbsolutePath().getParent();
        try {
            Files.createDirectories(parent);
        } catch (IOException failure) {
            throw new ConfigurationException("cannot create the directory of the SQLite file " + file, failure);
        }
    }

    private static String storeId(StoreDialect dialect) {
        return dialect.wireName() + "_store";
    }

    StoreDialect dialect() {
        return dialect;
    }

    DataSource dataSource() {
        return dataSource;
    }

    /**
     * A connection from the pool.
     *
     * @throws BackendException when none can be had
     */
    Connection connection() {
        try {
            return dataSource.getConnection();
        } catch (SQLException | RuntimeException failure) {
            throw failure("to get a connection", failure);
        }
    }

    /** {@code failure} while {@code doing} something, as core's backend exception, without secrets. */
    BackendException failure(String doing, Throwable failure) {
        return StoreFailures.of(storeId(dialect), doing, failure, secrets);
    }

    @Override
    public void close() {
        if (ownPool != null) {
            ownPool.close();
        }
    }

    @Override
    public String toString() {
        return description;
    }
}
