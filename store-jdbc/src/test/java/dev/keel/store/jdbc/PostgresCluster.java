package dev.keel.store.jdbc;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A throw-away PostgreSQL cluster for tests and benchmarks: {@code initdb} in a new temporary directory, a server on
 * a free loopback port (no Unix socket outside that directory), a role {@code keel} with a random password that
 * must be given over TCP (scram-sha-256), and a database {@code keel} it owns. Run as the {@code postgres} user when
 * the JVM runs as root ({@code initdb} refuses root). {@link #close()} stops the server and deletes the directory;
 * so does a shutdown hook, if the JVM ends first.
 *
 * <p>The server binaries are looked up in {@code KEEL_PG_BIN}, then Debian's {@code /usr/lib/postgresql/<version>/bin}
 * (the newest), then {@code pg_ctl} on the {@code PATH}. Not thread-safe; one cluster per JVM is plenty.
 */
public final class PostgresCluster implements AutoCloseable {

    private static final String ROLE = "keel";
    private static final String DATABASE = "keel";
    private static final long START_TIMEOUT_SECONDS = 60;

    private final Path binaries;
    private final Path directory;
    private final boolean asPostgresUser;
    private final int port;
    private final String password;
    private final Thread shutdownHook;
    private boolean running;

    private PostgresCluster(Path binaries, Path directory, boolean asPostgresUser, int port, String password) {
        this.binaries = binaries;
        this.directory = directory;
        this.asPostgresUser = asPostgresUser;
        this.port = port;
        this.password = password;
        this.shutdownHook = new Thread(this::stop, "keel-postgres-cluster-stop");
    }

    /** Where {@code initdb} and {@code pg_ctl} are, if anywhere. */
    public static Optional<Path> findBinaries() {
        List<Path> candidates = new ArrayList<>();
        String configured = System.getenv("KEEL_PG_BIN");
        if (configured != null && !configured.isBlank()) {
            candidates.add(Path.of(configured.strip()));
        }
        Path debian = Path.of("/usr/lib/postgresql");
        if (Files.isDirectory(debian)) {
            try (Stream<Path> versions = Files.list(debian)) {
                versions.filter(v -> v.getFileName().toString().matches("\\d+"))
                        .sorted(Comparator.comparing((Path v) -> Integer.parseInt(v.getFileName().toString())).reversed())
                        .forEach(v -> candidates.add(v.resolve("bin")));
            } catch (IOException ignored) {
                // An unreadable directory holds no candidate.
            }
        }
        String path = System.getenv("PATH");
        if (path != null) {
            for (String entry : path.split(java.io.File.pathSeparator)) {
                if (!entry.isEmpty()) {
                    candidates.add(Path.of(entry));
                }
            }
        }
        return candidates.stream().filter(c -> Files.isExecutable(c.resolve("initdb"))
                && Files.isExecutable(c.resolve("pg_ctl"))).findFirst();
    }

    /**
     * Creates and starts a cluster with the binaries in {@code binaries}.
     *
     * @throws IllegalStateException when a step fails; the message quotes the step's output
     */
    public static PostgresCluster start(Path binaries) {
        boolean root = "root".equals(System.getProperty("user.name"));
        Path directory;
        try {
            directory = Files.createTempDirectory("keel-postgres-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        PostgresCluster cluster = new PostgresCluster(binaries, directory, root, freePort(), randomPassword());
        try {
            cluster.initAndStart();
            return cluster;
        } catch (RuntimeException failure) {
            cluster.close();
            throw failure;
        }
    }

    private void initAndStart() {
        try {
            Path passwordFile = directory.resolve("superuser-password");
            Files.writeString(passwordFile, password + "\n");
            if (asPostgresUser) {
                run(List.of("chown", "-R", "postgres:", directory.toString()), false);
            }
            run(List.of(binaries.resolve("initdb").toString(), "-D", directory.resolve("data").toString(),
                    "-U", "postgres", "--pwfile=" + passwordFile, "--auth-local=trust", "--auth-host=scram-sha-256",
                    "-E", "UTF8", "--locale=C", "--no-sync"), true);
            Files.delete(passwordFile);
            Runtime.getRuntime().addShutdownHook(shutdownHook);
            running = true;
            run(List.of(binaries.resolve("pg_ctl").toString(), "-D", directory.resolve("data").toString(),
                    "-l", directory.resolve("server.log").toString(), "-w", "-t", Long.toString(START_TIMEOUT_SECONDS),
                    "-o", "-p " + port + " -k " + directory + " -c listen_addresses=127.0.0.1", "start"), true);
            try (Connection admin = connect("postgres", "postgres", password);
                 Statement statement = admin.createStatement()) {
                statement.execute("CREATE ROLE " + ROLE + " LOGIN PASSWORD '" + password + "'");
                statement.execute("CREATE DATABASE " + DATABASE + " OWNER " + ROLE);
            }
        } catch (IOException | SQLException e) {
            throw new IllegalStateException("could not set up the PostgreSQL cluster: " + e.getMessage(), e);
        }
    }

    private Connection connect(String database, String user, String secret) throws SQLException {
        Properties properties = new Properties();
        properties.setProperty("user", user);
        properties.setProperty("password", secret);
        return DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + port + "/" + database, properties);
    }

    /** The URL of the database {@code keel}. */
    public String url() {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + DATABASE;
    }

    /** The role that owns the database. */
    public String username() {
        return ROLE;
    }

    /** The role's password: random, and never given in the URL. */
    public String password() {
        return password;
    }

    /** Stops the server and deletes the cluster's directory. */
    @Override
    public void close() {
        stop();
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException shuttingDown) {
            // The hook is running or has run.
        }
    }

    private synchronized void stop() {
        if (running) {
            running = false;
            try {
                run(List.of(binaries.resolve("pg_ctl").toString(), "-D", directory.resolve("data").toString(),
                        "-m", "fast", "-w", "stop"), true);
            } catch (RuntimeException ignored) {
                // The directory goes anyway; a server left without it stops on its own checks.
            }
        }
        deleteDirectory();
    }

    private void deleteDirectory() {
        if (!Files.exists(directory)) {
            return;
        }
        try (Stream<Path> files = Files.walk(directory)) {
            files.sorted(Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
        } catch (IOException ignored) {
            // A temporary directory left behind is only litter.
        }
    }

    /** Runs {@code command}, as the postgres user when {@code asPostgres} and this JVM runs as root. */
    private void run(List<String> command, boolean asPostgres) {
        List<String> full = new ArrayList<>();
        if (asPostgres && asPostgresUser) {
            full.addAll(List.of("runuser", "-u", "postgres", "--"));
        }
        full.addAll(command);
        try {
            Process process = new ProcessBuilder(full).directory(directory.toFile()).redirectErrorStream(true).start();
            byte[] output = process.getInputStream().readAllBytes();
            if (!process.waitFor(START_TIMEOUT_SECONDS * 2, TimeUnit.SECONDS) || process.exitValue() != 0) {
                process.destroyForcibly();
                throw new IllegalStateException(command.get(0) + " failed: "
                        + new String(output, StandardCharsets.UTF_8).strip() + serverLog());
            }
        } catch (IOException e) {
            throw new IllegalStateException("could not run " + command.get(0) + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + command.get(0), e);
        }
    }

    private String serverLog() {
        Path log = directory.resolve("server.log");
        try {
            return Files.exists(log) ? "\nserver log:\n" + Files.readString(log) : "";
        } catch (IOException e) {
            return "";
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Letters and digits plus a few characters a careless quoting would break on (never a single quote). */
    private static String randomPassword() {
        byte[] bytes = new byte[12];
        new SecureRandom().nextBytes(bytes);
        return "Kp-" + HexFormat.of().formatHex(bytes) + "!%&";
    }
}
