package dev.keel.evidence;

import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What one discovery probe returned (the protocol's {@code AssistantMcpDiscoveryProbeResult}, see {@code
 * docs/evidence.md}): the primitive it ran, how many rows it received and matched, and any limitation it reports.
 *
 * <p>Row counts are kept as JavaScript numbers ({@code Number(x ?? 0)}): absent is 0, and a count read from JSON that
 * is no number at all (the string {@code "abc"}) is NaN; the gate counts only finite positive values.
 *
 * <p>Immutable and thread-safe; the builder is not thread-safe.
 */
public final class ProbeResult {

    private final @Nullable String primitiveId;
    private final Object primitiveKey;
    private final @Nullable ProbeStatus status;
    private final double rowsReceived;
    private final double rowsMatched;
    private final @Nullable String limitation;

    private ProbeResult(@Nullable String primitiveId, Object primitiveKey, @Nullable ProbeStatus status,
            double rowsReceived, double rowsMatched, @Nullable String limitation) {
        this.primitiveId = primitiveId;
        this.primitiveKey = primitiveKey;
        this.status = status;
        this.rowsReceived = rowsReceived;
        this.rowsMatched = rowsMatched;
        this.limitation = limitation;
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * A probe read from JSON, whose {@code primitive_id} may be any JSON value: {@code primitiveKey} carries that
     * value's identity for the plan check.
     */
    static ProbeResult fromWire(Object rawPrimitiveId, @Nullable ProbeStatus status, double rowsReceived,
            double rowsMatched, String limitation) {
        return new ProbeResult(rawPrimitiveId instanceof String ? (String) rawPrimitiveId : null,
                Js.sameValueZeroKey(rawPrimitiveId), status, rowsReceived, rowsMatched, limitation);
    }

    /** The primitive the probe ran; empty when absent or, in JSON, not a string. */
    public Optional<String> primitiveId() {
        return Optional.ofNullable(primitiveId);
    }

    /** The SameValueZero identity of {@code primitive_id}, compared against the plan's allowed primitives. */
    Object primitiveKey() {
        return primitiveKey;
    }

    /** The reported status; empty when absent or not one of ok, error, skipped. The gate does not decide on it. */
    public Optional<ProbeStatus> status() {
        return Optional.ofNullable(status);
    }

    public double rowsReceived() {
        return rowsReceived;
    }

    public double rowsMatched() {
        return rowsMatched;
    }

    /** The limitation as reported (not yet trimmed). */
    public Optional<String> limitation() {
        return Optional.ofNullable(limitation);
    }

    @Override
    public String toString() {
        return "ProbeResult{primitiveId=" + (primitiveId != null ? primitiveId : primitiveKey) + ", status=" + status
                + ", rowsReceived=" + rowsReceived + ", rowsMatched=" + rowsMatched + ", limitation=" + limitation + "}";
    }

    /** Collects the fields of a {@link ProbeResult}; not thread-safe. */
    public static final class Builder {
        private @Nullable String primitiveId;
        private @Nullable ProbeStatus status;
        private double rowsReceived;
        private double rowsMatched;
        private @Nullable String limitation;

        private Builder() {
        }

        public Builder primitiveId(String value) {
            this.primitiveId = value;
            return this;
        }

        public Builder primitive(DiscoveryPrimitive value) {
            this.primitiveId = value == null ? null : value.wireName();
            return this;
        }

        public Builder status(ProbeStatus value) {
            this.status = value;
            return this;
        }

        /** Any number; null means absent, which counts as 0. */
        public Builder rowsReceived(Double value) {
            this.rowsReceived = value == null ? 0 : value;
            return this;
        }

        /** Any number; null means absent, which counts as 0. */
        public Builder rowsMatched(Double value) {
            this.rowsMatched = value == null ? 0 : value;
            return this;
        }

        public Builder limitation(String value) {
            this.limitation = value;
            return this;
        }

        public ProbeResult build() {
            return new ProbeResult(primitiveId, primitiveId == null ? Js.UNDEFINED : primitiveId, status, rowsReceived,
                    rowsMatched, limitation);
        }
    }
}
