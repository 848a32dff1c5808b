package dev.keel.store.jdbc;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The PostgreSQL server a test runs against: its URL, user and password. Each {@link #freshSchema()} is a new,
 * empty schema in that database, so that test classes never see each other's rows. Thread-safe.
 *
 * @param url      the database's URL, without credentials
 * @param username the user
 * @param password the user's password
 */
public record PostgresServer(String url, String username, String password) {

    private static final AtomicInteger SCHEMAS = new AtomicInteger();

    /** Creates a new empty schema and returns the URL that makes it the current one. */
    public String freshSchema() {
        String schema = "keel_test_" + ProcessHandle.current().pid() + "_" + SCHEMAS.incrementAndGet();
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            statement.execute("CREATE SCHEMA " + schema);
        } catch (SQLException e) {
            throw new IllegalStateException("could not create schema " + schema + ": " + e.getMessage(), e);
        }
        return url + (url.contains("?") ? "&" : "?") + "currentSchema=" + schema;
    }

    /** A plain connection to the database, for a test's own checks. */
    public Connection connect() throws SQLException {
        return connect(url);
    }

    /** A plain connection to {@code schemaUrl}, for a test's own checks. */
    public Connection connect(String schemaUrl) throws SQLException {
        Properties properties = new Properties();
        properties.setProperty("user", username);
        properties.setProperty("password", password);
        return DriverManager.getConnection(schemaUrl, properties);
    }

    /** Opens stores on {@code schemaUrl} as this server's user. */
    public JdbcStores open(String schemaUrl) {
        return JdbcStores.builder().url(schemaUrl).username(username).password(password).build();
    }
}
