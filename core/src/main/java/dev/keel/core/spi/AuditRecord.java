package dev.keel.core.spi;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One audited request: its id, when it was recorded (from the host's {@link java.time.Clock}), what kind of
 * request it was, and a JSON-shaped payload (plain values: maps, lists, strings, numbers, booleans, null).
 *
 * <p>Immutable and thread-safe: the payload is copied, shallowly, into an unmodifiable insertion-ordered map.
 */
public final class AuditRecord {

    private final String requestId;
    private final Instant recordedAt;
    private final String kind;
    private final Map<String, Object> payload;

    private AuditRecord(Builder b) {
        this.requestId = Objects.requireNonNull(b.requestId, "requestId");
        this.recordedAt = Objects.requireNonNull(b.recordedAt, "recordedAt");
        this.kind = Objects.requireNonNull(b.kind, "kind");
        this.payload = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(b.payload));
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The idempotency key: a sink keeps one record per request id. */
    public String requestId() {
        return requestId;
    }

    public Instant recordedAt() {
        return recordedAt;
    }

    /** What was audited, for example {@code governed_answer} or {@code stage_run}. */
    public String kind() {
        return kind;
    }

    public Map<String, Object> payload() {
        return payload;
    }

    @Override
    public String toString() {
        return "AuditRecord{" + requestId + ", " + kind + ", " + recordedAt + "}";
    }

    /** Collects a record; not thread-safe. */
    public static final class Builder {
        private @Nullable String requestId;
        private @Nullable Instant recordedAt;
        private @Nullable String kind;
        private final Map<String, Object> payload = new LinkedHashMap<>();

        private Builder() {
        }

        public Builder requestId(String requestId) {
            this.requestId = requestId;
            return this;
        }

        public Builder recordedAt(Instant recordedAt) {
            this.recordedAt = recordedAt;
            return this;
        }

        public Builder kind(String kind) {
            this.kind = kind;
            return this;
        }

        public Builder put(String key, Object value) {
            payload.put(Objects.requireNonNull(key, "key"), value);
            return this;
        }

        public Builder payload(Map<String, ?> values) {
            payload.clear();
            payload.putAll(values);
            return this;
        }

        public AuditRecord build() {
            return new AuditRecord(this);
        }
    }
}
