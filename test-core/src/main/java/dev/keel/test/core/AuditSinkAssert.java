package dev.keel.test.core;

import dev.keel.core.spi.AuditRecord;
import dev.keel.core.spi.InMemoryAuditSink;
import java.util.List;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on the records an {@link InMemoryAuditSink} holds: which requests were audited (each once: the sink
 * keeps one record per request id), and what no record may contain. Obtained from
 * {@link CoreAssertions#assertThat(InMemoryAuditSink)}; it reads a snapshot of the records taken then.
 */
public final class AuditSinkAssert extends AbstractAssert<AuditSinkAssert, InMemoryAuditSink> {

    private final List<AuditRecord> records;

    AuditSinkAssert(InMemoryAuditSink sink) {
        super(sink, AuditSinkAssert.class);
        this.records = sink == null ? List.of() : sink.records();
    }

    /** The sink holds no record. */
    public AuditSinkAssert isEmpty() {
        return hasRecordCount(0);
    }

    public AuditSinkAssert hasRecordCount(int count) {
        isNotNull();
        if (records.size() != count) {
            failWithMessage("expected %d audit record(s), but the sink holds %d: %s", count, records.size(),
                    requestIds());
        }
        return this;
    }

    /** The sink holds exactly one record for each of {@code requestIds}, in this order, and no other. */
    public AuditSinkAssert hasRecordsFor(String... requestIds) {
        isNotNull();
        if (!requestIds().equals(List.of(requestIds))) {
            failWithMessage("expected one audit record for each of %s, in order, but the sink holds records for %s",
                    List.of(requestIds), requestIds());
        }
        return this;
    }

    /** The one record the sink holds. */
    public AuditRecordAssert singleRecord() {
        hasRecordCount(1);
        return new AuditRecordAssert(records.get(0));
    }

    /** The record of {@code requestId}. */
    public AuditRecordAssert recordOf(String requestId) {
        isNotNull();
        return records.stream().filter(record -> record.requestId().equals(requestId)).findFirst()
                .map(AuditRecordAssert::new)
                .orElseThrow(() -> new AssertionError("expected an audit record of request <" + requestId
                        + ">, but the sink holds records for " + requestIds()));
    }

    /** No record, in any key or value however deep, contains any of {@code texts}. */
    public AuditSinkAssert noRecordContains(String... texts) {
        isNotNull();
        records.forEach(record -> new AuditRecordAssert(record).payloadDoesNotContain(texts));
        return this;
    }

    private List<String> requestIds() {
        return records.stream().map(AuditRecord::requestId).toList();
    }
}
