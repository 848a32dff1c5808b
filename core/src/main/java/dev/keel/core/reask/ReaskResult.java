package dev.keel.core.reask;

import dev.keel.core.BackendException;
import dev.keel.core.spi.TokenUsage;
import java.util.List;
import java.util.Optional;

/**
 * The outcome of a {@link Reasker#ask}: the accepted value, or why there is none (the last reply's problems, a call
 * the meter refused, a backend failure), and every attempt. A value, not an exception: running out of re-asks and a
 * backend failure are outcomes. Immutable and thread-safe when the values read are.
 */
public final class ReaskResult<T> {

    private final List<Attempt<T>> attempts;

    ReaskResult(List<Attempt<T>> attempts) {
        this.attempts = List.copyOf(attempts);
        if (this.attempts.isEmpty()) {
            // Only the re-asker builds a result, after at least one attempt.
            throw new IllegalStateException("a re-ask result needs at least one attempt");
        }
    }

    /** How the last attempt ended: {@code ACCEPTED}, or why the ask stopped. */
    public Attempt.Outcome outcome() {
        return last().outcome();
    }

    public boolean accepted() {
        return outcome() == Attempt.Outcome.ACCEPTED;
    }

    /** The accepted value; empty unless a reply was accepted. */
    public Optional<T> value() {
        return accepted() ? last().verdict().map(Verdict::value) : Optional.empty();
    }

    /** The verdict on the last reply received (the accepted one, or the last rejected one); empty when none came. */
    public Optional<Verdict<T>> verdict() {
        for (int i = attempts.size() - 1; i >= 0; i--) {
            if (attempts.get(i).verdict().isPresent()) {
                return attempts.get(i).verdict();
            }
        }
        return Optional.empty();
    }

    /** The problems of the last reply received; empty when it was accepted or none came. */
    public List<Problem> problems() {
        return verdict().map(Verdict::problems).orElse(List.of());
    }

    /** The backend's failure, when the ask ended with one. */
    public Optional<BackendException> failure() {
        return last().failure();
    }

    /** Every attempt, in order. */
    public List<Attempt<T>> attempts() {
        return attempts;
    }

    /** The backend of the last attempt. */
    public String backendId() {
        return last().backendId();
    }

    /** The tokens of every attempt together. */
    public TokenUsage usage() {
        TokenUsage total = TokenUsage.UNKNOWN;
        for (Attempt<T> attempt : attempts) {
            total = total.plus(attempt.usage());
        }
        return total;
    }

    private Attempt<T> last() {
        return attempts.get(attempts.size() - 1);
    }

    @Override
    public String toString() {
        return "ReaskResult{" + outcome() + ", attempts=" + attempts.size() + ", problems=" + problems().size() + "}";
    }
}
