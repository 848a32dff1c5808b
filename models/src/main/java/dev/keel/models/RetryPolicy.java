package dev.keel.models;

import dev.keel.core.ConfigurationException;
import dev.keel.core.InvalidInputException;
import dev.keel.core.spi.LlmBackend;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * Bounded retries with exponential backoff for {@link dev.keel.core.RetriableBackendException}s: attempt {@code n}
 * (from 2) waits {@code initialBackoff * multiplier^(n-2)}, at most {@code maxBackoff}; a delay the backend asked
 * for (HTTP {@code Retry-After}) lengthens the wait, still at most {@code maxBackoff}. Non-retriable failures are
 * never retried. Immutable and thread-safe; {@link #delayBefore} is pure.
 *
 * @param maxAttempts    attempts in all, including the first (1 = no retry)
 * @param initialBackoff the wait before the second attempt
 * @param multiplier     the growth of the wait per attempt, at least 1
 * @param maxBackoff     the longest single wait
 */
public record RetryPolicy(int maxAttempts, Duration initialBackoff, double multiplier, Duration maxBackoff) {

    /** Three attempts, waiting 250 ms then 500 ms (at most 4 s). */
    public static final RetryPolicy DEFAULT = new RetryPolicy(3, Duration.ofMillis(250), 2.0, Duration.ofSeconds(4));

    /** One attempt. */
    public static final RetryPolicy NONE = new RetryPolicy(1, Duration.ZERO, 1.0, Duration.ZERO);

    /**
     * @throws ConfigurationException when {@code maxAttempts} is not 1 to 20, a backoff is negative, or the
     *         multiplier is not a finite number of at least 1
     */
    public RetryPolicy {
        Objects.requireNonNull(initialBackoff, "initialBackoff");
        Objects.requireNonNull(maxBackoff, "maxBackoff");
        if (maxAttempts < 1 || maxAttempts > 20) {
            throw new ConfigurationException("maxAttempts must be in 1..20, was " + maxAttempts);
        }
        if (initialBackoff.isNegative() || maxBackoff.isNegative()) {
            throw new ConfigurationException("backoff durations must be >= 0");
        }
        if (!(multiplier >= 1.0) || Double.isInfinite(multiplier)) {
            throw new ConfigurationException("multiplier must be a finite number >= 1, was " + multiplier);
        }
    }

    /**
     * The wait before attempt {@code attempt} (2 or more), given what the backend asked for.
     *
     * @throws InvalidInputException when {@code attempt < 2}
     */
    public Duration delayBefore(int attempt, Optional<Duration> requested) {
        if (attempt < 2) {
            throw new InvalidInputException("the first attempt is not delayed");
        }
        double millis = initialBackoff.toMillis() * Math.pow(multiplier, attempt - 2);
        long capped = (long) Math.min(millis, maxBackoff.toMillis());
        long wanted = requested.filter(d -> !d.isNegative()).map(Duration::toMillis).orElse(0L);
        return Duration.ofMillis(Math.min(Math.max(capped, wanted), maxBackoff.toMillis()));
    }

    /** {@code backend} with this policy, waiting with {@code sleeper}; its id is the backend's id. */
    public LlmBackend wrap(LlmBackend backend, Sleeper sleeper) {
        return maxAttempts == 1 ? backend : new RetryingBackend(backend, this, sleeper);
    }
}
