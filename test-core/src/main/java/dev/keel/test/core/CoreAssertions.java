package dev.keel.test.core;

import dev.keel.core.Provenance;
import dev.keel.core.spi.AuditRecord;
import dev.keel.core.spi.InMemoryAuditSink;
import org.assertj.core.api.Assertions;

/**
 * Entry points of the assertions on what needs only keel-core: what a stand-in model was sent, audit records and
 * provenance, next to every AssertJ assertion (this class extends {@link Assertions}, so one static import serves
 * both). {@code dev.keel.test.KeelAssertions} adds the assertions on governed answers.
 *
 * <pre>{@code
 * import static dev.keel.test.core.CoreAssertions.assertThat;
 *
 * assertThat(cloud).noRequestContains("MRN");
 * assertThat(audit).hasRecordsFor("call-1").recordOf("call-1").hasPayloadEntry("outcome", "answered");
 * }</pre>
 *
 * <p>Stateless; extend it to add a host's own entry points.
 */
public class CoreAssertions extends Assertions {

    protected CoreAssertions() {
    }

    /** What {@code backend} was sent. */
    public static ModelRequestsAssert assertThat(ScriptedBackend backend) {
        return ModelRequestsAssert.of(backend);
    }

    /** What {@code server} was sent, as bodies and as the messages read from them. */
    public static ModelRequestsAssert assertThat(LoopbackModelServer server) {
        return ModelRequestsAssert.of(server);
    }

    /** The records {@code sink} holds now. */
    public static AuditSinkAssert assertThat(InMemoryAuditSink sink) {
        return new AuditSinkAssert(sink);
    }

    public static AuditRecordAssert assertThat(AuditRecord record) {
        return new AuditRecordAssert(record);
    }

    public static ProvenanceAssert assertThat(Provenance provenance) {
        return new ProvenanceAssert(provenance);
    }
}
