package dev.keel.store.jdbc;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.opentest4j.TestAbortedException;

/**
 * Gives tests a {@link PostgresServer}, a real one:
 *
 * <ul>
 *   <li>the server named by {@code KEEL_TEST_POSTGRES_URL} (with {@code KEEL_TEST_POSTGRES_USER} and
 *       {@code KEEL_TEST_POSTGRES_PASSWORD}), when set;</li>
 *   <li>otherwise a throw-away {@link PostgresCluster}, started once for the whole test run and stopped at its end,
 *       when the server binaries are installed;</li>
 *   <li>otherwise the test is skipped, unless {@code CI=true}: then it fails, so that CI never passes without
 *       having run the PostgreSQL tests.</li>
 * </ul>
 */
public final class PostgresServerExtension implements ParameterResolver {

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(PostgresServerExtension.class);

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == PostgresServer.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        Started started = context.getRoot().getStore(NAMESPACE).getOrComputeIfAbsent(Started.class,
                key -> Started.start(), Started.class);
        if (started.server == null) {
            throw noServer(System.getenv("CI"), started.problem);
        }
        return started.server;
    }

    /**
     * What a test gets when there is no server: a skip, or under {@code CI=true} (the value of {@code ci}) a
     * failure, so that CI never passes without having run the PostgreSQL tests.
     */
    static RuntimeException noServer(String ci, String problem) {
        if ("true".equalsIgnoreCase(ci)) {
            return new ExtensionConfigurationException("CI=true and no PostgreSQL server for the tests: " + problem);
        }
        return new TestAbortedException("no PostgreSQL server for the tests (" + problem + ")");
    }

    /** The server of this run, or why there is none; closed by JUnit when the run ends. */
    private static final class Started implements AutoCloseable {
        private final PostgresServer server;
        private final PostgresCluster cluster;
        private final String problem;

        private Started(PostgresServer server, PostgresCluster cluster, String problem) {
            this.server = server;
            this.cluster = cluster;
            this.problem = problem;
        }

        static Started start() {
            String url = System.getenv("KEEL_TEST_POSTGRES_URL");
            if (url != null && !url.isBlank()) {
                return new Started(new PostgresServer(url.strip(), System.getenv("KEEL_TEST_POSTGRES_USER"),
                        System.getenv("KEEL_TEST_POSTGRES_PASSWORD")), null, null);
            }
            Optional<Path> binaries = PostgresCluster.findBinaries();
            if (binaries.isEmpty()) {
                return new Started(null, null, "KEEL_TEST_POSTGRES_URL is not set and no initdb and pg_ctl were found"
                        + " in KEEL_PG_BIN, /usr/lib/postgresql/<version>/bin or the PATH");
            }
            try {
                PostgresCluster cluster = PostgresCluster.start(binaries.get());
                return new Started(new PostgresServer(cluster.url(), cluster.username(), cluster.password()),
                        cluster, null);
            } catch (RuntimeException failure) {
                return new Started(null, null, "the throw-away cluster did not start: " + failure.getMessage());
            }
        }

        @Override
        public void close() {
            if (cluster != null) {
                cluster.close();
            }
        }
    }
}
