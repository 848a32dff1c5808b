package dev.keel.benchmarks.store;

import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.AuditRecord;
import dev.keel.store.jdbc.JdbcAuditSink;
import dev.keel.store.jdbc.JdbcStores;
import dev.keel.store.jdbc.PostgresCluster;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Audit append throughput, one thread, every append committed before it returns. The time of each append is
 * sampled: the mean gives the throughput (one thread: appends per second = 1 / mean), the median resists the swings
 * of a shared disk's fsync better than the mean.
 *
 *
 * <ul>
 *   <li>{@code keelAppend}: {@link JdbcAuditSink#append} of a governed call's record (its payload written as JSON by
 *       the strict codec, a pooled connection, {@code INSERT ... ON CONFLICT DO NOTHING});</li>
 *   <li>{@code bareInsert} (the peer): one prepared {@code INSERT ... ON CONFLICT DO NOTHING} of the same row into
 *       the same table of the same database, its JSON written beforehand, on one open connection with the same
 *       durability (SQLite: write-ahead log and {@code synchronous=FULL}; PostgreSQL: the server's defaults,
 *       {@code fsync} and synchronous commit on).</li>
 * </ul>
 *
 * <p>Databases ({@code database}): {@code sqlite} and {@code postgresql} commit durably (an fsync per append);
 * {@code sqlite-memory} (an in-memory database shared by both connections) and {@code postgresql-async}
 * ({@code synchronous_commit=off}: the commit does not wait for the disk) take the disk out, so that what is left is
 * the code of each peer and the database's own work.
 *
 * <p>PostgreSQL is the server of {@code KEEL_BENCH_POSTGRES_URL} (with {@code KEEL_BENCH_POSTGRES_USER} and
 * {@code KEEL_BENCH_POSTGRES_PASSWORD}), else a throw-away cluster started for the trial when the server binaries
 * are installed. SQLite is a file in a new temporary directory.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 8, time = 2)
@Fork(1)
public class AuditAppendBenchmark {

    /** Into Keel's own table, so that both peers write the same rows and indexes. */
    private static final String BARE_INSERT = "INSERT INTO keel_audit_record (request_id, recorded_at, kind, payload)"
            + " VALUES (?, ?, ?, ?) ON CONFLICT (request_id) DO NOTHING";

    @Param({"sqlite", "sqlite-memory", "postgresql", "postgresql-async"})
    public String database;

    private Path directory;
    private PostgresCluster cluster;
    private JdbcStores stores;
    private JdbcAuditSink sink;
    private Connection bare;
    private PreparedStatement bareInsert;
    private Map<String, Object> payload;
    private String payloadJson;
    private final AtomicLong ids = new AtomicLong();

    @Setup(Level.Trial)
    public void open() throws IOException, SQLException {
        payload = governedCallPayload();
        payloadJson = JsonCodec.strict().write(payload);
        if (database.startsWith("sqlite")) {
            String url;
            if (database.equals("sqlite-memory")) {
                url = "jdbc:sqlite:file:keel-bench?mode=memory&cache=shared";
            } else {
                directory = Files.createTempDirectory("keel-bench-");
                url = JdbcStores.sqliteUrl(directory.resolve("keel.db"));
            }
            stores = JdbcStores.builder().url(url).build();
            Properties durability = new Properties();
            durability.setProperty("journal_mode", "WAL");
            durability.setProperty("synchronous", "FULL");
            durability.setProperty("busy_timeout", "10000");
            bare = DriverManager.getConnection(url, durability);
        } else {
            String url = System.getenv("KEEL_BENCH_POSTGRES_URL");
            String user = System.getenv("KEEL_BENCH_POSTGRES_USER");
            String password = System.getenv("KEEL_BENCH_POSTGRES_PASSWORD");
            if (url == null) {
                cluster = PostgresCluster.start(PostgresCluster.findBinaries().orElseThrow(() ->
                        new IllegalStateException("set KEEL_BENCH_POSTGRES_URL or install the PostgreSQL server")));
                url = cluster.url();
                user = cluster.username();
                password = cluster.password();
            }
            if (database.equals("postgresql-async")) {
                url += (url.contains("?") ? "&" : "?") + "options=-c%20synchronous_commit%3Doff";
            }
            stores = JdbcStores.builder().url(url).username(user).password(password).build();
            Properties credentials = new Properties();
            credentials.setProperty("user", user);
            credentials.setProperty("password", password);
            bare = DriverManager.getConnection(url, credentials);
        }
        bareInsert = bare.prepareStatement(BARE_INSERT);
        sink = stores.auditSink();
    }

    @TearDown(Level.Trial)
    public void close() throws SQLException, IOException {
        bareInsert.close();
        bare.close();
        stores.close();
        if (cluster != null) {
            cluster.close();
        }
        if (directory != null) {
            try (var files = Files.walk(directory)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
            }
        }
    }

    @Benchmark
    public boolean keelAppend() {
        return sink.append(AuditRecord.builder().requestId("bench-" + ids.incrementAndGet())
                .recordedAt(Instant.now()).kind("governed_call").payload(payload).build());
    }

    @Benchmark
    public int bareInsert() throws SQLException {
        bareInsert.setString(1, "bare-" + ids.incrementAndGet());
        bareInsert.setString(2, Instant.now().toString());
        bareInsert.setString(3, "governed_call");
        bareInsert.setString(4, payloadJson);
        return bareInsert.executeUpdate();
    }

    /** The payload of an answered call's record as the pipeline writes it: about 700 bytes of JSON. */
    private static Map<String, Object> governedCallPayload() {
        Map<String, Object> payload = new LinkedHashMap<>();
        payload.put("outcome", "answered");
        payload.put("principal", Map.of("role", "finance", "clearance", "internal"));
        payload.put("host_principal", Map.of("role", "finance", "clearance", "internal"));
        payload.put("decision", "ALLOW");
        payload.put("reason_codes", List.of("principal_from_host", "role_default_allow"));
        payload.put("domains", List.of("expenses"));
        payload.put("internal_only", false);
        payload.put("route", Map.of("scenario_tag", "0", "index", 4, "router_selected_llm", "assistant_model",
                "reasoning_mode", "plain_answer", "backend_target", "assistant", "top_secret_internal_only", false));
        payload.put("backend_target", "assistant");
        payload.put("backend_used", "assistant");
        payload.put("calls", List.of(Map.of("target", "assistant", "used", "assistant", "external", false,
                "input_tokens", 812, "output_tokens", 164, "withheld", Map.of())));
        payload.put("evidence_sources", Map.of("policy", List.of("expenses-policy.json")));
        payload.put("withheld", Map.of("number", 2));
        payload.put("message_length", 48);
        return payload;
    }
}
