package dev.keel.llm.adapters;

import dev.keel.core.Provenance;
import dev.keel.core.spi.ChatReply;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a {@link FallbackChain} answered, and the truth about who answered: the {@code backend_target} the chain
 * was asked to use, the {@code backend_used} that produced the reply, why they differ, and every failure on the
 * way. Immutable, pure and thread-safe.
 */
public final class ChainReply {

    private final ChatReply reply;
    private final String backendTarget;
    private final String backendUsedReason;
    private final List<BackendFailure> failures;

    private ChainReply(ChatReply reply, String backendTarget, String backendUsedReason, List<BackendFailure> failures) {
        this.reply = Objects.requireNonNull(reply, "reply");
        this.backendTarget = Objects.requireNonNull(backendTarget, "backendTarget");
        this.backendUsedReason = backendUsedReason;
        this.failures = List.copyOf(failures);
    }

    /** A reply of {@code reply.backendId()} for {@code backendTarget} after {@code failures}, explained. */
    public static ChainReply of(ChatReply reply, String backendTarget, List<BackendFailure> failures) {
        return new ChainReply(reply, backendTarget, reasonFor(reply.backendId(), backendTarget, failures), failures);
    }

    private static String reasonFor(String used, String target, List<BackendFailure> failures) {
        if (failures.isEmpty()) {
            return used.equals(target) ? null : target + " is served by " + used;
        }
        StringBuilder reason = new StringBuilder();
        for (BackendFailure failure : failures) {
            reason.append(reason.length() == 0 ? "" : "; ")
                    .append(failure.backendId()).append(" failed (").append(failure.summary()).append(')');
        }
        return reason.append("; answered by ").append(used).toString();
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

    /** Why {@link #backendUsed()} is not {@link #backendTarget()}; empty when it is. */
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
