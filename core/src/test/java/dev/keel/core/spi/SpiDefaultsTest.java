package dev.keel.core.spi;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class SpiDefaultsTest {

    private static AuditRecord record(String id, String note) {
        return AuditRecord.builder().requestId(id).recordedAt(Instant.EPOCH).kind("test").put("note", note).build();
    }

    @Test
    void auditSinkIsIdempotentByRequestId() {
        InMemoryAuditSink sink = new InMemoryAuditSink();

        assertThat(sink.append(record("r1", "first"))).isTrue();
        assertThat(sink.append(record("r1", "second"))).isFalse();
        assertThat(sink.append(record("r2", "other"))).isTrue();

        assertThat(sink.records()).extracting(AuditRecord::requestId).containsExactly("r1", "r2");
        assertThat(sink.find("r1").orElseThrow().payload()).containsEntry("note", "first");
        assertThat(AuditSink.noop().append(record("r1", "x"))).isTrue();
    }

    @Test
    void sessionStoreUpdatesAtomicallyPerSession() throws InterruptedException {
        InMemorySessionStore store = new InMemorySessionStore();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        for (int i = 0; i < 1000; i++) {
            pool.submit(() -> store.update("s", state -> {
                Map<String, Object> next = new LinkedHashMap<>(state);
                next.merge("count", 1, (a, b) -> (Integer) a + (Integer) b);
                return next;
            }));
        }
        pool.shutdown();
        assertThat(pool.awaitTermination(30, TimeUnit.SECONDS)).isTrue();

        assertThat(store.read("s")).containsEntry("count", 1000);
        assertThat(store.read("unknown")).isEmpty();
    }

    @Test
    void sequentialIdsAreDeterministic() {
        IdSource ids = IdSource.sequential("resp");

        assertThat(ids.nextId()).isEqualTo("resp-1");
        assertThat(ids.nextId()).isEqualTo("resp-2");
        assertThat(IdSource.randomUuid().nextId()).hasSize(36);
    }

    @Test
    void theDefaultIdIsTheClassName() {
        LlmBackend backend = new LlmBackend() {
            @Override
            public ChatReply chat(ChatRequest request) {
                return ChatReply.builder().text("ok").backendId(id()).build();
            }
        };
        assertThat(backend.chat(ChatRequest.ofUserMessage("hi")).text()).isEqualTo("ok");
    }
}
