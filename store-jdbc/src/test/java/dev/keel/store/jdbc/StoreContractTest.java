package dev.keel.store.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.RetriableBackendException;
import dev.keel.core.spi.AuditRecord;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.configuration.FluentConfiguration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What both dialects promise, run by {@link SqliteStoresTest} and {@link PostgresStoresTest}: idempotent appends,
 * exact payloads, records that outlive the store object, session updates that lose nothing when two store
 * instances (two hosts) and many threads update one session, and removals after which nothing removed comes back,
 * not even through a writer that read the session before it was removed.
 */
abstract class StoreContractTest {

    private final List<JdbcStores> opened = new ArrayList<>();

    /** New stores on this test's database: each call is another host on the same data. */
    protected abstract JdbcStores openStores();

    /** Threads per store instance in the concurrency tests. */
    protected abstract int threadsPerStore();

    /** Flyway on this test's database, for a test that starts from an older schema. */
    protected abstract FluentConfiguration flyway();

    protected final JdbcStores stores() {
        JdbcStores stores = openStores();
        opened.add(stores);
        return stores;
    }

    @AfterEach
    void closeStores() {
        opened.forEach(JdbcStores::close);
    }

    static AuditRecord record(String requestId, Map<String, ?> payload) {
        return AuditRecord.builder().requestId(requestId).recordedAt(Instant.parse("2026-03-01T10:15:30.123456789Z"))
                .kind("governed_call").payload(payload).build();
    }

    @Test
    void anAppendIsStoredOncePerRequestId() {
        JdbcAuditSink sink = stores().auditSink();

        assertThat(sink.append(record("r-1", Map.of("outcome", "answered")))).isTrue();
        assertThat(sink.append(record("r-1", Map.of("outcome", "denied")))).isFalse();

        assertThat(sink.count()).isEqualTo(1);
        assertThat(sink.find("r-1").orElseThrow().payload()).containsEntry("outcome", "answered");
        assertThat(sink.find("r-2")).isEmpty();
    }

    @Test
    void aRecordReadsBackAsTheSameJsonAndInstant() {
        JdbcAuditSink sink = stores().auditSink();
        Map<String, Object> payload = new LinkedHashMap<>();
        payload.put("outcome", "answered");
        payload.put("confidence", new BigDecimal("0.80"));
        payload.put("calls", List.of(Map.of("target", "llama", "input_tokens", 10)));
        payload.put("principal", null);
        payload.put("text", "naïve – «quoted» 😀");

        sink.append(record("r-json", payload));
        AuditRecord read = sink.find("r-json").orElseThrow();

        assertThat(read.recordedAt()).isEqualTo(Instant.parse("2026-03-01T10:15:30.123456789Z"));
        assertThat(read.kind()).isEqualTo("governed_call");
        assertThat(read.payload().keySet()).containsExactly("outcome", "confidence", "calls", "principal", "text");
        assertThat(read.payload().get("confidence")).isEqualTo(new BigDecimal("0.80"));
        assertThat(read.payload().get("text")).isEqualTo("naïve – «quoted» 😀");
        assertThat(read.payload().get("principal")).isNull();
        assertThat(read.payload().get("calls")).isEqualTo(List.of(Map.of("target", "llama",
                "input_tokens", new BigDecimal("10"))));
    }

    @Test
    void recordsAndSessionsOutliveTheStoresThatWroteThem() {
        JdbcStores first = stores();
        first.auditSink().append(record("r-kept", Map.of("n", 1)));
        first.sessionStore().update("s-kept", state -> Map.of("step", "intake"));
        first.close();

        JdbcStores second = stores();
        assertThat(second.auditSink().find("r-kept")).isPresent();
        assertThat(second.sessionStore().read("s-kept")).isEqualTo(Map.of("step", "intake"));
    }

    @Test
    void hostsAppendingTheSameRequestIdsAtOnceStoreEachOnce() throws Exception {
        List<JdbcAuditSink> sinks = List.of(stores().auditSink(), stores().auditSink());
        int ids = 40;
        AtomicInteger stored = new AtomicInteger();
        runConcurrently(sinks.size() * threadsPerStore(), thread -> {
            JdbcAuditSink sink = sinks.get(thread % sinks.size());
            for (int i = 0; i < ids; i++) {
                if (sink.append(record("same-" + i, Map.of("writer", thread)))) {
                    stored.incrementAndGet();
                }
            }
        });

        assertThat(stored).hasValue(ids);
        assertThat(sinks.get(0).count()).isEqualTo(ids);
    }

    @Test
    void aSessionIsCreatedUpdatedReadAndRemoved() {
        JdbcSessionStore sessions = stores().sessionStore();

        assertThat(sessions.read("s-1")).isEmpty();
        assertThat(sessions.update("s-1", state -> Map.of("step", "intake"))).isEqualTo(Map.of("step", "intake"));
        Map<String, Object> updated = sessions.update("s-1", state -> {
            Map<String, Object> next = new LinkedHashMap<>(state);
            next.put("answers", List.of("yes"));
            return next;
        });

        assertThat(updated).isEqualTo(Map.of("step", "intake", "answers", List.of("yes")));
        assertThat(sessions.read("s-1")).isEqualTo(updated);
        assertThat(sessions.remove("s-1")).isTrue();
        assertThat(sessions.remove("s-1")).isFalse();
        assertThat(sessions.read("s-1")).isEmpty();
    }

    @Test
    void readingAnUnknownSessionWritesNothing() {
        JdbcSessionStore sessions = stores().sessionStore();

        assertThat(sessions.update("s-untouched", state -> state)).isEmpty();

        assertThat(sessions.remove("s-untouched")).as("a row was written").isFalse();
    }

    @Test
    void twoHostsAndManyThreadsUpdatingOneSessionLoseNoUpdate() throws Exception {
        List<JdbcSessionStore> hosts = List.of(stores().sessionStore(), stores().sessionStore());
        int threads = hosts.size() * threadsPerStore();
        int updatesPerThread = 25;
        Set<String> applied = ConcurrentHashMap.newKeySet();

        runConcurrently(threads, thread -> {
            JdbcSessionStore sessions = hosts.get(thread % hosts.size());
            for (int i = 0; i < updatesPerThread; i++) {
                String mark = thread + ":" + i;
                sessions.update("shared", state -> {
                    Map<String, Object> next = new LinkedHashMap<>(state);
                    Object count = state.getOrDefault("count", BigDecimal.ZERO);
                    next.put("count", new BigDecimal(count.toString()).add(BigDecimal.ONE));
                    List<Object> marks = new ArrayList<>((List<?>) state.getOrDefault("marks", List.of()));
                    marks.add(mark);
                    next.put("marks", marks);
                    return next;
                });
                applied.add(mark);
            }
        });

        Map<String, Object> state = hosts.get(0).read("shared");
        assertThat(new BigDecimal(state.get("count").toString())).isEqualByComparingTo(
                BigDecimal.valueOf((long) threads * updatesPerThread));
        @SuppressWarnings("unchecked")
        List<Object> marks = (List<Object>) state.get("marks");
        assertThat(marks).hasSize(threads * updatesPerThread)
                .doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(applied);
    }

    @Test
    void aWriterThatReadBeforeARemovalNeitherOverwritesTheNewSessionNorBringsTheOldOneBack() throws Exception {
        JdbcSessionStore writerA = stores().sessionStore();
        JdbcSessionStore other = stores().sessionStore();
        other.update("s-erased", state -> appended(state, "before-removal"));
        List<Map<String, Object>> seenByA = new CopyOnWriteArrayList<>();
        CountDownLatch aHasRead = new CountDownLatch(1);
        CountDownLatch aMayWrite = new CountDownLatch(1);
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Future<Map<String, Object>> written = pool.submit(() -> writerA.update("s-erased", state -> {
                seenByA.add(state);
                if (seenByA.size() == 1) {
                    aHasRead.countDown();
                    await(aMayWrite);
                }
                return appended(state, "a");
            }));
            assertThat(aHasRead.await(1, TimeUnit.MINUTES)).isTrue();
            assertThat(other.remove("s-erased")).isTrue();
            assertThat(other.update("s-erased", state -> appended(state, "c"))).isEqualTo(tokens("c"));
            aMayWrite.countDown();

            assertThat(written.get(1, TimeUnit.MINUTES)).as("A's change applied to C's state")
                    .isEqualTo(tokens("c", "a"));
        } finally {
            pool.shutdownNow();
        }
        assertThat(seenByA).containsExactly(tokens("before-removal"), tokens("c"));
        assertThat(other.read("s-erased")).isEqualTo(tokens("c", "a"));
    }

    @Test
    void versionsWrittenAfterTheUpgradeAreAboveEveryVersionWrittenBeforeIt() throws Exception {
        FluentConfiguration flyway = flyway();
        String dialect;
        try (Connection connection = flyway.getDataSource().getConnection()) {
            dialect = connection.getMetaData().getDatabaseProductName().toLowerCase(Locale.ROOT);
        }
        flyway.locations("classpath:dev/keel/store/jdbc/migration/" + dialect)
                .table(SchemaMigrations.HISTORY_TABLE).target("1").load().migrate();
        try (Connection connection = flyway.getDataSource().getConnection();
             Statement statement = connection.createStatement()) {
            statement.execute("INSERT INTO keel_session (session_id, version, state, updated_at) VALUES"
                    + " ('s-old', 7, '{\"tokens\":[\"old\"]}', '2026-03-01T10:15:30.000000000Z')");
        }

        JdbcSessionStore sessions = stores().sessionStore();
        sessions.update("s-old", state -> appended(state, "a"));
        sessions.update("s-new", state -> appended(state, "n"));

        assertThat(sessions.read("s-old")).isEqualTo(tokens("old", "a"));
        try (Connection connection = flyway.getDataSource().getConnection();
             Statement statement = connection.createStatement();
             ResultSet versions = statement.executeQuery("SELECT version FROM keel_session ORDER BY session_id")) {
            List<Long> written = new ArrayList<>();
            while (versions.next()) {
                written.add(versions.getLong(1));
            }
            assertThat(written).hasSize(2).allMatch(version -> version > 7).doesNotHaveDuplicates();
        }
    }

    @Test
    void generatedInterleavingsOfUpdatesRemovalsAndRecreationsLoseNoUpdateAndBringNothingBack() throws Exception {
        long seed = new Random().nextLong();
        List<JdbcSessionStore> hosts = List.of(stores().sessionStore(), stores().sessionStore());
        List<String> sessionIds = List.of("g-0", "g-1", "g-2");
        int operationsPerThread = 30;
        SessionHistory history = new SessionHistory();

        runConcurrently(hosts.size() * threadsPerStore(), thread -> {
            Random random = new Random(seed + thread);
            JdbcSessionStore sessions = hosts.get(thread % hosts.size());
            for (int i = 0; i < operationsPerThread; i++) {
                String sessionId = sessionIds.get(random.nextInt(sessionIds.size()));
                int choice = random.nextInt(10);
                long called = history.call();
                if (choice < 2) {
                    sessions.remove(sessionId);
                    history.returned(SessionHistory.Kind.REMOVE, sessionId, null, List.of(), called);
                } else if (choice < 3) {
                    history.returned(SessionHistory.Kind.READ, sessionId, null, tokensOf(sessions.read(sessionId)),
                            called);
                } else {
                    String token = thread + ":" + i;
                    // A slow writer: its first read is held a moment, for others to change the session meanwhile.
                    long slowMillis = random.nextInt(3) == 0 ? 1 + random.nextInt(3) : 0;
                    AtomicBoolean firstRead = new AtomicBoolean(true);
                    try {
                        Map<String, Object> after = sessions.update(sessionId, state -> {
                            if (firstRead.getAndSet(false)) {
                                sleep(slowMillis);
                            }
                            return appended(state, token);
                        });
                        history.returned(SessionHistory.Kind.WRITE, sessionId, token, tokensOf(after), called);
                    } catch (RetriableBackendException gaveUp) {
                        history.returned(SessionHistory.Kind.GAVE_UP, sessionId, token, List.of(), called);
                    }
                }
            }
        });
        for (String sessionId : sessionIds) {
            long called = history.call();
            history.returned(SessionHistory.Kind.READ, sessionId, null, tokensOf(hosts.get(0).read(sessionId)), called);
        }

        assertThat(history.count(SessionHistory.Kind.REMOVE)).as("seed %d", seed).isPositive();
        assertThat(history.count(SessionHistory.Kind.WRITE)).as("seed %d", seed).isPositive();
        assertThat(history.violations()).as("seed %d, %d operations", seed, history.size()).isEmpty();
    }

    /** {@code state} with {@code token} appended to its list of tokens. */
    static Map<String, Object> appended(Map<String, Object> state, String token) {
        List<String> tokens = new ArrayList<>(tokensOf(state));
        tokens.add(token);
        Map<String, Object> next = new LinkedHashMap<>(state);
        next.put("tokens", tokens);
        return next;
    }

    static Map<String, Object> tokens(String... tokens) {
        return Map.of("tokens", List.of(tokens));
    }

    @SuppressWarnings("unchecked")
    static List<String> tokensOf(Map<String, Object> state) {
        return (List<String>) state.getOrDefault("tokens", List.of());
    }

    private static void await(CountDownLatch latch) {
        try {
            assertThat(latch.await(1, TimeUnit.MINUTES)).isTrue();
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(interrupted);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(interrupted);
        }
    }

    /** Runs {@code body} on {@code threads} threads released together; rethrows the first failure. */
    static void runConcurrently(int threads, ThreadBody body) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<Void>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                Callable<Void> task = () -> {
                    start.await();
                    body.run(thread);
                    return null;
                };
                futures.add(pool.submit(task));
            }
            start.countDown();
            for (Future<Void> future : futures) {
                future.get(2, TimeUnit.MINUTES);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @FunctionalInterface
    interface ThreadBody {
        void run(int thread) throws Exception;
    }
}
