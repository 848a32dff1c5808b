package dev.keel.store.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.BackendException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.configuration.FluentConfiguration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The store contract on a real PostgreSQL server (see {@link PostgresServerExtension}), each test in a schema of its
 * own, and what PostgreSQL adds: a database the host already uses, and a password kept out of every log line and
 * exception.
 */
@ExtendWith(PostgresServerExtension.class)
class PostgresStoresTest extends StoreContractTest {

    private PostgresServer server;
    private String schemaUrl;

    @BeforeEach
    void freshSchema(PostgresServer server) {
        this.server = server;
        this.schemaUrl = server.freshSchema();
    }

    @Override
    protected JdbcStores openStores() {
        return server.open(schemaUrl);
    }

    @Override
    protected int threadsPerStore() {
        return 8;
    }

    @Override
    protected FluentConfiguration flyway() {
        return Flyway.configure().dataSource(schemaUrl, server.username(), server.password());
    }

    @Test
    void aSchemaHoldingTheHostsTablesIsMigratedBesideThem() throws Exception {
        try (Connection connection = server.connect(schemaUrl); Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE host_orders (id BIGINT PRIMARY KEY)");
        }

        JdbcStores stores = stores();
        assertThat(stores.dialect()).isEqualTo(StoreDialect.POSTGRESQL);
        assertThat(stores.auditSink().append(record("r-beside", Map.of()))).isTrue();

        try (Connection connection = server.connect(schemaUrl); Statement statement = connection.createStatement();
             ResultSet tables = statement.executeQuery("SELECT table_name FROM information_schema.tables"
                     + " WHERE table_schema = current_schema() ORDER BY table_name")) {
            List<String> names = new ArrayList<>();
            while (tables.next()) {
                names.add(tables.getString(1));
            }
            assertThat(names).containsExactly("host_orders", "keel_audit_record", "keel_schema_history",
                    "keel_session");
        }
    }

    @Test
    void thePasswordAppearsInNoLogLineAndNoException() {
        List<String> logged = new ArrayList<>();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord record) {
                StringWriter text = new StringWriter();
                text.append(String.valueOf(record.getMessage())).append(' ')
                        .append(String.valueOf(java.util.Arrays.toString(record.getParameters())));
                if (record.getThrown() != null) {
                    record.getThrown().printStackTrace(new PrintWriter(text));
                }
                logged.add(text.toString());
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        capture.setLevel(Level.ALL);
        // Strong references: java.util.logging keeps loggers only weakly.
        List<Logger> verbose = List.of(Logger.getLogger("org.postgresql"), Logger.getLogger("com.zaxxer.hikari"),
                Logger.getLogger("org.flywaydb"), Logger.getLogger("dev.keel"));
        verbose.forEach(logger -> {
            logger.setLevel(Level.ALL);
            logger.addHandler(capture);
            logger.setUseParentHandlers(false);
        });
        String wrongPassword = "Wrong-" + Long.toHexString(System.nanoTime());
        String failure;
        try {
            try (JdbcStores stores = server.open(schemaUrl)) {
                stores.auditSink().append(record("r-secret", Map.of()));
            }
            try (JdbcStores stores = JdbcStores.builder().url(schemaUrl + "&password="
                    + java.net.URLEncoder.encode(server.password(), java.nio.charset.StandardCharsets.UTF_8))
                    .username(server.username()).build()) {
                assertThat(stores.auditSink().find("r-secret")).as("the password taken from the URL").isPresent();
                assertThat(stores.toString()).doesNotContain(server.password());
            }
            BackendException refused = org.assertj.core.api.Assertions.catchThrowableOfType(BackendException.class,
                    () -> JdbcStores.builder().url(schemaUrl).username(server.username()).password(wrongPassword)
                            .build());
            assertThat(refused).as("a wrong password is refused").isNotNull();
            StringWriter printed = new StringWriter();
            refused.printStackTrace(new PrintWriter(printed));
            failure = printed.toString();
        } finally {
            verbose.forEach(logger -> {
                logger.removeHandler(capture);
                logger.setLevel(null);
                logger.setUseParentHandlers(true);
            });
        }

        assertThat(logged).as("log lines at every level").isNotEmpty()
                .allSatisfy(line -> assertThat(line).doesNotContain(server.password(), wrongPassword));
        assertThat(failure).contains("postgresql_store").doesNotContain(server.password(), wrongPassword);
    }

    @Test
    void anUnreachableServerIsARetriableFailure() {
        assertThatThrownBy(() -> JdbcStores.builder().url("jdbc:postgresql://127.0.0.1:9/keel?connectTimeout=2")
                .username("keel").password("irrelevant").build())
                .isInstanceOfSatisfying(BackendException.class, failure -> assertThat(failure.retriable()).isTrue())
                .hasMessageContaining("jdbc:postgresql://127.0.0.1:9/keel");
    }
}
