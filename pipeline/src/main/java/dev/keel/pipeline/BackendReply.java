package dev.keel.pipeline;

import dev.keel.core.spi.ChatReply;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A model's reply through {@link BackendCalls}: the reply, and who answered it. Immutable and thread-safe.
 *
 * @param reply      the backend's reply
 * @param target     the backend asked for
 * @param used       the backend that answered
 * @param usedReason why {@code used} is not {@code target}, or null
 */
public record BackendReply(ChatReply reply, String target, String used, @Nullable String usedReason) {

    public BackendReply {
        Objects.requireNonNull(reply, "reply");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(used, "used");
    }

    /** The reply's text. */
    public String text() {
        return reply.text();
    }

    /** Why another backend answered than the one asked for. */
    public Optional<String> usedReasonIfAny() {
        return Optional.ofNullable(usedReason);
    }
}
