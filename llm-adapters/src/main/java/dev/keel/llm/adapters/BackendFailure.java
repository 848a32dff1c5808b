package dev.keel.llm.adapters;

import dev.keel.core.BackendException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One backend of a {@link FallbackChain} that failed: which one, how ({@link BackendException#code()}), whether
 * it may pass, and the (redacted) message. Immutable, pure and thread-safe.
 */
public record BackendFailure(String backendId, String code, boolean retriable, String message) {

    public BackendFailure {
        Objects.requireNonNull(backendId, "backendId");
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(message, "message");
    }

    public static BackendFailure of(BackendException failure) {
        return new BackendFailure(failure.backendId(), failure.code(), failure.retriable(),
                failure.getMessage() == null ? "" : failure.getMessage());
    }

    /** {@code {"backend", "code", "retriable", "message"}}. */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("backend", backendId);
        wire.put("code", code);
        wire.put("retriable", retriable);
        wire.put("message", message);
        return wire;
    }
}
