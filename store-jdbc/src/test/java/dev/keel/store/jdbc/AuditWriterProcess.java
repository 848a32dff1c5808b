package dev.keel.store.jdbc;

import dev.keel.core.spi.AuditRecord;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The process {@link SqliteCrashTest} kills: appends audit records to a SQLite file from four threads until it is
 * killed, and prints {@code acked <request id>} for each once {@code append} has returned. Arguments: the file and a
 * prefix for the request ids.
 */
public final class AuditWriterProcess {

    static final String ACK = "acked ";
    private static final int THREADS = 4;

    private AuditWriterProcess() {
    }

    public static void main(String[] args) {
        Path file = Path.of(args[0]);
        String prefix = args[1];
        JdbcStores stores = JdbcStores.sqlite(file);
        PrintStream out = System.out;
        AtomicLong next = new AtomicLong();
        for (int t = 0; t < THREADS; t++) {
            Thread writer = new Thread(() -> {
                while (true) {
                    String id = prefix + "-" + next.incrementAndGet();
                    stores.auditSink().append(AuditRecord.builder().requestId(id).recordedAt(Instant.now())
                            .kind("governed_call").payload(Map.of("outcome", "answered", "filler", "x".repeat(512)))
                            .build());
                    synchronized (out) {
                        out.println(ACK + id);
                        out.flush();
                    }
                }
            }, "writer-" + t);
            writer.start();
        }
    }
}
