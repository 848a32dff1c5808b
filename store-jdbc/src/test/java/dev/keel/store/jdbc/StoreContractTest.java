package dev.keel.store.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.spi.AuditRecord;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What both dialects promise, run by {@link SqliteStoresTest} and {@link PostgresStoresTest}: idempotent appends,
 * exact payloads, records that outlive the store object, and session updates that lose nothing when two store
 * instances (two hosts) and many threads update one session.
 */
abstract class StoreContractTest {

    private final List<JdbcStores> opened = new ArrayList<>();

    /** New stores on this test's database: each call is another host on the same data. */
    protected abstract JdbcStores openStores();

    /** Threads per store instance in the concurrency tests. */
    protected abstract int threadsPerStore();

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
