package dev.keel.core.spi;

import dev.keel.core.BackendException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;
import org.jspecify.annotations.Nullable;

/**
 * One backend of a {@link FallbackChain} that failed: which one, how ({@link BackendException#code()}), whether
 * it may pass, and the HTTP status it answered, if any. Never the backend's own text: an error body may carry data
 * and instructions aimed at whoever reads the reason. Immutable, pure and thread-safe.
 *
 * @param httpStatus the HTTP status the backend answered, or null
 */
public record BackendFailure(String backendId, String code, boolean retriable, @Nullable Integer httpStatus) {

    public BackendFailure {
        Objects.requireNonNull(backendId, "backendId");
        Objects.requireNonNull(code, "code");
    }

    public static BackendFailure of(BackendException failure) {
        return new BackendFailure(failure.backendId(), failure.code(), failure.retriable(),
                failure.httpStatus().isPresent() ? failure.httpStatus().getAsInt() : null);
    }

    /** {@link BackendException#summary()}: the code and the HTTP status, as every reason states it. */
    public String summary() {
        return BackendException.summary(code, httpStatus == null ? OptionalInt.empty() : OptionalInt.of(httpStatus));
    }

    /** The failure as a fallback reason states it: {@code llama failed (backend_retriable, HTTP 503)}. */
    public String reason() {
        return backendId + " failed (" + summary() + ")";
    }

    /** {@code {"backend", "code", "retriable", "http_status"?}}. */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("backend", backendId);
        wire.put("code", code);
        wire.put("retriable", retriable);
        if (httpStatus != null) {
            wire.put("http_status", httpStatus);
        }
        return wire;
    }
}
