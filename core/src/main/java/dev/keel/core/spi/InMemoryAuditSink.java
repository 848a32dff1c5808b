package dev.keel.core.spi;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An {@link AuditSink} that keeps records in memory, in append order: for tests, demos and hosts that ship
 * records elsewhere themselves. Thread-safe.
 */
public final class InMemoryAuditSink implements AuditSink {

    private final Map<String, AuditRecord> byRequestId = new HashMap<>();
    private final List<AuditRecord> inOrder = new ArrayList<>();

    @Override
    public synchronized boolean append(AuditRecord record) {
        if (byRequestId.putIfAbsent(record.requestId(), record) != null) {
            return false;
        }
        inOrder.add(record);
        return true;
    }

    /** Forgets every record: a sink shared by several tests (one Spring context) starts each as new. */
    public synchronized void clear() {
        byRequestId.clear();
        inOrder.clear();
    }

    /** A snapshot of every record, in append order. */
    public synchronized List<AuditRecord> records() {
        return List.copyOf(inOrder);
    }

    public synchronized Optional<AuditRecord> find(String requestId) {
        return Optional.ofNullable(byRequestId.get(requestId));
    }
}
