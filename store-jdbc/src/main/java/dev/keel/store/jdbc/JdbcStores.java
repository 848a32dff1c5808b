package dev.keel.store.jdbc;

import dev.keel.core.ConfigurationException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Objects;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;

/**
 * One database holding Keel's audit records and session states: SQLite (one file, the embedded default) or
 * PostgreSQL (for more than one node). Building it opens a small connection pool and brings the schema up to date
 * (Flyway migrations, with their own history table {@code keel_schema_history}, so a database the host already
 * migrates with Flyway is not disturbed).
 *
 * <pre>{@code
 * try (JdbcStores stores = JdbcStores.builder().url("jdbc:sqlite:data/keel.db").build()) {
 *     Pipeline pipeline = Pipeline.builder() ... .auditSink(stores.auditSink()).build();
 * }
 * }</pre>
 *
 * <p>SQLite runs in write-ahead-log mode with synchronous commits ({@code synchronous=FULL}): an acknowledged
 * record survives a crash of the process and of the machine; deleted content is overwritten with zeros
 * ({@code secure_delete}), so a removed session leaves no copy in the file. The password is never put in the
 * connection URL, a log line or an exception message; a {@code password} parameter in the URL is taken out of it
 * and used as the password. See {@code docs/stores.md}.
 *
 * <p>Thread-safe; its stores do database I/O. Close it when the host stops (a data source the host passed in is
 * left open).
 */
public final class JdbcStores implements AutoCloseable {

    private final StoreDatabase database;
    private final SqlAuditSink auditSink;
    private final SqlSessionStore sessionStore;

    private JdbcStores(StoreDatabase database, int sessionUpdateAttempts, Clock clock) {
        this.database = database;
        this.auditSink = new SqlAuditSink(database);
        this.sessionStore = new SqlSessionStore(database, sessionUpdateAttempts, clock);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The SQLite database in {@code file}, created with its parent directories when missing. */
    public static JdbcStores sqlite(Path file) {
        return builder().url(sqliteUrl(file)).build();
    }

    /** The JDBC URL of the SQLite database in {@code file}. */
    public static String sqliteUrl(Path file) {
        return "jdbc:sqlite:" + file;
    }

    /** The database the stores run on. */
    public StoreDialect dialect() {
        return database.dialect();
    }

    /** The audit sink on this database. */
    public JdbcAuditSink auditSink() {
        return auditSink;
    }

    /** The session store on this database. */
    public JdbcSessionStore sessionStore() {
        return sessionStore;
    }

    /** Closes the connection pool this opened; a data source the host passed in stays open. */
    @Override
    public void close() {
        database.close();
    }

    /** The dialect and the URL, without credentials. */
    @Override
    public String toString() {
        return "JdbcStores{" + database + "}";
    }

    /** Configures {@link JdbcStores}; not thread-safe. */
    public static final class Builder {
        /** How many times an update of a session is tried while other writers keep changing it. */
        public static final int DEFAULT_SESSION_UPDATE_ATTEMPTS = 100;

        private @Nullable String url;
        private @Nullable String username;
        private @Nullable String password;
        private @Nullable DataSource dataSource;
        private @Nullable Integer maximumPoolSize;
        private int sessionUpdateAttempts = DEFAULT_SESSION_UPDATE_ATTEMPTS;
        private Clock clock = Clock.systemUTC();

        private Builder() {
        }

        /**
         * The JDBC URL: {@code jdbc:sqlite:<file>} or {@code jdbc:postgresql://<host>:<port>/<database>}. A
         * {@code password} parameter is taken out of the URL and used as the password.
         */
        public Builder url(String url) {
            this.url = Objects.requireNonNull(url, "url");
            return this;
        }

        /** The database user (PostgreSQL); none unless set. */
        public Builder username(String username) {
            this.username = username;
            return this;
        }

        /** The database password (PostgreSQL); none unless set. Never logged, never in an exception. */
        public Builder password(String password) {
            this.password = password;
            return this;
        }

        /**
         * The host's own data source instead of a URL: the stores use it and leave it open. On SQLite its connections
         * should set {@code synchronous=FULL} for commits to survive a crash of the machine, and {@code secure_delete}
         * for a removed session to leave no copy in the file (write-ahead logging is switched on by the migration).
         */
        public Builder dataSource(DataSource dataSource) {
            this.dataSource = Objects.requireNonNull(dataSource, "dataSource");
            return this;
        }

        /**
         * The most connections the pool opens: 1 for SQLite unless set (SQLite has one writer at a time; one
         * connection per process avoids waiting on its own locks), 10 for PostgreSQL.
         */
        public Builder maximumPoolSize(int size) {
            if (size < 1) {
                throw new ConfigurationException("the connection pool needs at least one connection, not " + size);
            }
            this.maximumPoolSize = size;
            return this;
        }

        /** How many times a session update is tried while others keep changing the session; 100 unless set. */
        public Builder sessionUpdateAttempts(int attempts) {
            if (attempts < 1) {
                throw new ConfigurationException("a session update needs at least one attempt, not " + attempts);
            }
            this.sessionUpdateAttempts = attempts;
            return this;
        }

        /** When session states are stamped as updated; the system clock (UTC) unless set. */
        public Builder clock(Clock clock) {
            this.clock = Objects.requireNonNull(clock, "clock");
            return this;
        }

        /**
         * Opens the database and migrates its schema.
         *
         * @throws ConfigurationException when neither or both of a URL and a data source are given, the URL is not
         *         SQLite or PostgreSQL, or the database's driver is not on the class path
         * @throws dev.keel.core.BackendException when the database cannot be reached or migrated
         */
        public JdbcStores build() {
            if ((url == null) == (dataSource == null)) {
                throw new ConfigurationException("the stores need either a JDBC URL or a data source, not "
                        + (url == null ? "neither" : "both"));
            }
            StoreDatabase database = dataSource != null ? StoreDatabase.borrow(dataSource)
                    : StoreDatabase.open(ConnectionSettings.parse(Objects.requireNonNull(url), username, password),
                            maximumPoolSize);
            try {
                SchemaMigrations.migrate(database);
                return new JdbcStores(database, sessionUpdateAttempts, clock);
            } catch (RuntimeException failure) {
                database.close();
                throw failure;
            }
        }
    }
}
