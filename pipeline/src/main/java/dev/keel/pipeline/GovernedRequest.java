package dev.keel.pipeline;

import dev.keel.core.Principal;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * One request to govern: the message, the principal the host authenticated (none when it authenticated nobody),
 * and optionally the request id, the session and application attributes. The host is trusted; the message is
 * not. Immutable and thread-safe; the builder is not thread-safe.
 */
public final class GovernedRequest {

    private final @Nullable String requestId;
    private final @Nullable Principal principal;
    private final String message;
    private final @Nullable String sessionId;
    private final Map<String, Object> attributes;

    private GovernedRequest(Builder b) {
        this.requestId = b.requestId;
        this.principal = b.principal;
        this.message = Objects.requireNonNull(b.message, "message");
        this.sessionId = b.sessionId;
        this.attributes = Collections.unmodifiableMap(new LinkedHashMap<>(b.attributes));
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A request of {@code message} for {@code principal} (null: the host authenticated nobody). */
    public static GovernedRequest of(@Nullable Principal principal, String message) {
        return builder().principal(principal).message(message).build();
    }

    /** The host's request id; empty when the pipeline is to make one. */
    public Optional<String> requestId() {
        return Optional.ofNullable(requestId);
    }

    /** The principal the host authenticated; empty when it authenticated nobody. */
    public Optional<Principal> principal() {
        return Optional.ofNullable(principal);
    }

    /** The user's message: untrusted text. */
    public String message() {
        return message;
    }

    /** The session the request belongs to, if any. */
    public Optional<String> sessionId() {
        return Optional.ofNullable(sessionId);
    }

    /** What the application passes to its own steps (plain values by name). */
    public Map<String, Object> attributes() {
        return attributes;
    }

    @Override
    public String toString() {
        return "GovernedRequest{" + (requestId == null ? "" : requestId + ", ") + "principal=" + principal
                + ", message length=" + message.length() + (sessionId == null ? "" : ", session=" + sessionId) + "}";
    }

    /** Collects a request; not thread-safe. */
    public static final class Builder {
        private @Nullable String requestId;
        private @Nullable Principal principal;
        private @Nullable String message;
        private @Nullable String sessionId;
        private final Map<String, Object> attributes = new LinkedHashMap<>();

        private Builder() {
        }

        /** The host's request id; the pipeline makes one unless set. */
        public Builder requestId(@Nullable String requestId) {
            this.requestId = requestId;
            return this;
        }

        /** The principal the host authenticated; none (null) unless set. */
        public Builder principal(@Nullable Principal principal) {
            this.principal = principal;
            return this;
        }

        public Builder message(String message) {
            this.message = message;
            return this;
        }

        /** The session the request belongs to; none unless set. */
        public Builder sessionId(@Nullable String sessionId) {
            this.sessionId = sessionId;
            return this;
        }

        public Builder attribute(String name, Object value) {
            attributes.put(Objects.requireNonNull(name, "name"), value);
            return this;
        }

        /** @throws NullPointerException when no message is set */
        public GovernedRequest build() {
            return new GovernedRequest(this);
        }
    }
}
