package dev.keel.core.spi;

import dev.keel.core.Provenance;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What a {@link FallbackChain} answered, and the truth about who answered: the {@code backend_target} the chain
 * was asked to use, the {@code backend_used} that produced the reply, why they differ, and every failure on the
 * way. Immutable, pure and thread-safe.
 */
public final class ChainReply {

    private final ChatReply reply;
    private final String backendTarget;
    private final @Nullable String backendUsedReason;
    private final List<BackendFailure> failures;

    private ChainReply(ChatReply reply, String backendTarget, @Nullable String backendUsedReason,
            List<BackendFailure> failures) {
        this.reply = Objects.requireNonNull(reply, "reply");
        this.backendTarget = Objects.requireNonNull(backendTarget, "backendTarget");
        this.backendUsedReason = backendUsedReason;
        this.failures = List.copyOf(failures);
    }

    /** A reply of {@code reply.backendId()} for {@code backendTarget} after {@code failures}, explained. */
    public static ChainReply of(ChatReply reply, String backendTarget, List<BackendFailure> failures) {
        return of(reply, backendTarget, FallbackChain.detour(failures.stream().map(BackendFailure::reason).toList()),
                failures);
    }

    /**
     * A reply of {@code reply.backendId()} for {@code backendTarget}; {@code detour} says why the chain did not end
     * at its first backend (each backend passed over or failed, in order), empty when it did.
     */
    static ChainReply of(ChatReply reply, String backendTarget, Optional<String> detour, List<BackendFailure> failures) {
        String used = reply.backendId();
        String reason = detour.map(why -> why + "; answered by " + used)
                .orElse(used.equals(backendTarget) ? null : backendTarget + " is served by " + used);
        return new ChainReply(reply, backendTarget, reason, failures);
    }

    public ChatReply reply() {
        return reply;
    }

    /** The backend the chain was asked to use: provenance's {@code backend_target}. */
    public String backendTarget() {
        return backendTarget;
    }

    /** The backend that produced the reply: provenance's {@code backend_used}. */
    public String backendUsed() {
        return reply.backendId();
    }

    /**
     * Why {@link #backendUsed()} is not {@link #backendTarget()}; empty when it is. Each backend passed over or
     * failed, in order, then who answered: {@code llama failed (backend_retriable, HTTP 503); answered by internal}.
     */
    public Optional<String> backendUsedReason() {
        return Optional.ofNullable(backendUsedReason);
    }

    /** The backends that failed before one answered, in order. */
    public List<BackendFailure> failures() {
        return failures;
    }

    public boolean fellBack() {
        return !failures.isEmpty();
    }

    /** Records target, used backend and reason in {@code provenance}. */
    public Provenance.Builder applyTo(Provenance.Builder provenance) {
        return provenance.backendTarget(backendTarget).backendUsed(backendUsed()).backendUsedReason(backendUsedReason);
    }

    @Override
    public String toString() {
        return "ChainReply{target=" + backendTarget + ", used=" + backendUsed() + ", failures=" + failures.size() + "}";
    }
}
