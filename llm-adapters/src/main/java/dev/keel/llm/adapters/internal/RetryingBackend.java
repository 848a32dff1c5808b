package dev.keel.llm.adapters.internal;

import dev.keel.core.NonRetriableBackendException;
import dev.keel.core.RetriableBackendException;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.LlmBackend;
import dev.keel.llm.adapters.RetryPolicy;
import dev.keel.llm.adapters.Sleeper;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Retries {@link RetriableBackendException}s of a backend as its {@link RetryPolicy} says; the last failure is
 * rethrown with the number of attempts in its message. Not pure (it waits); thread-safe when the delegate and the sleeper are.
 */
public final class RetryingBackend implements LlmBackend {

    private static final Logger LOG = LoggerFactory.getLogger(RetryingBackend.class);

    private final LlmBackend delegate;
    private final RetryPolicy policy;
    private final Sleeper sleeper;

    public RetryingBackend(LlmBackend delegate, RetryPolicy policy, Sleeper sleeper) {
        this.delegate = delegate;
        this.policy = policy;
        this.sleeper = sleeper;
    }

    @Override
    public ChatReply chat(ChatRequest request) {
        for (int attempt = 1; ; attempt++) {
            try {
                return delegate.chat(request);
            } catch (RetriableBackendException failure) {
                if (attempt >= policy.maxAttempts()) {
                    throw new RetriableBackendException(failure.backendId(),
                            failure.getMessage() + " (gave up after " + attempt + " attempts)",
                            failure.httpStatus().isPresent() ? failure.httpStatus().getAsInt() : null,
                            failure.retryAfter().orElse(null), failure);
                }
                int next = attempt + 1;
                Duration delay = policy.delayBefore(next, failure.retryAfter());
                LOG.debug("retrying {} in {} ms (attempt {} of {}): {}", id(), delay.toMillis(), next,
                        policy.maxAttempts(), failure.summary());
                pause(delay, failure);
            }
        }
    }

    private void pause(Duration delay, RetriableBackendException failure) {
        try {
            sleeper.sleep(delay);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new NonRetriableBackendException(failure.backendId(),
                    "interrupted while waiting to retry backend '" + failure.backendId() + "'", failure);
        }
    }

    @Override
    public ChatRequest outgoing(ChatRequest request) {
        return delegate.outgoing(request);
    }

    @Override
    public String id() {
        return delegate.id();
    }

    @Override
    public String toString() {
        return "Retrying{" + delegate + ", " + policy + "}";
    }
}
