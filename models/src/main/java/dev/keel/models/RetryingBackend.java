package dev.keel.models;

import dev.keel.core.BackendException;
import dev.keel.core.NonRetriableBackendException;
import dev.keel.core.RetriableBackendException;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.ForwardingBackend;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.StreamAttempt;
import dev.keel.core.spi.StreamHandle;
import dev.keel.core.spi.StreamSink;
import dev.keel.models.RetryPolicy;
import dev.keel.models.Sleeper;
import java.time.Duration;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Retries {@link RetriableBackendException}s of a backend as its {@link RetryPolicy} says; the last failure is
 * rethrown with the number of attempts in its message. A round is tried again only while it failed before its first
 * chunk, which a chat call's round always does. Not pure (it waits); thread-safe when the delegate and the sleeper
 * are.
 */
final class RetryingBackend extends ForwardingBackend {

    private static final Logger LOG = LoggerFactory.getLogger(RetryingBackend.class);

    private final RetryPolicy policy;
    private final Sleeper sleeper;

    public RetryingBackend(LlmBackend delegate, RetryPolicy policy, Sleeper sleeper) {
        super(delegate);
        this.policy = policy;
        this.sleeper = sleeper;
    }

    /**
     * Streams from {@code next}, trying again while a retriable failure comes before the first chunk (the caller has
     * heard nothing); a failure after chunks is passed on, as the backend gave it.
     */
    @Override
    protected void round(ChatRequest request, LlmBackend next, StreamSink sink, StreamHandle handle) {
        for (int attempt = 1; ; attempt++) {
            StreamAttempt tried = StreamAttempt.run(next, request, sink, handle);
            Optional<BackendException> failure = tried.failure();
            if (!tried.failedBeforeFirstChunk() || !(failure.orElseThrow() instanceof RetriableBackendException)
                    || handle.isCancelled()) {
                tried.end();
                return;
            }
            RetriableBackendException retriable = (RetriableBackendException) failure.get();
            if (attempt >= policy.maxAttempts()) {
                sink.fail(gaveUp(retriable, attempt));
                return;
            }
            try {
                pause(attempt + 1, retriable);
            } catch (NonRetriableBackendException interrupted) {
                sink.fail(interrupted);
                return;
            }
        }
    }

    private static RetriableBackendException gaveUp(RetriableBackendException failure, int attempts) {
        return new RetriableBackendException(failure.backendId(),
                failure.getMessage() + " (gave up after " + attempts + " attempts)",
                failure.httpStatus().isPresent() ? failure.httpStatus().getAsInt() : null,
                failure.retryAfter().orElse(null), failure);
    }

    /** Waits before attempt {@code next} as the policy says. */
    private void pause(int next, RetriableBackendException failure) {
        Duration delay = policy.delayBefore(next, failure.retryAfter());
        LOG.debug("retrying {} in {} ms (attempt {} of {}): {}", id(), delay.toMillis(), next,
                policy.maxAttempts(), failure.summary());
        sleep(delay, failure);
    }

    private void sleep(Duration delay, RetriableBackendException failure) {
        try {
            sleeper.sleep(delay);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new NonRetriableBackendException(failure.backendId(),
                    "interrupted while waiting to retry backend '" + failure.backendId() + "'", failure);
        }
    }

    @Override
    public String toString() {
        return "Retrying{" + delegate() + ", " + policy + "}";
    }
}
