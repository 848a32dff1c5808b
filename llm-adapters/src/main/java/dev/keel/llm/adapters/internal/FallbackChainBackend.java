package dev.keel.llm.adapters.internal;

import dev.keel.core.BackendException;
import dev.keel.core.NonRetriableBackendException;
import dev.keel.core.RetriableBackendException;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.LlmBackend;
import dev.keel.llm.adapters.BackendFailure;
import dev.keel.llm.adapters.ChainReply;
import dev.keel.llm.adapters.FallbackChain;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** {@link FallbackChain}. Immutable; not pure (calls backends); thread-safe when its backends are. */
public final class FallbackChainBackend implements FallbackChain {

    private static final Logger LOG = LoggerFactory.getLogger(FallbackChainBackend.class);

    private final String backendTarget;
    private final List<LlmBackend> backends;

    public FallbackChainBackend(String backendTarget, List<? extends LlmBackend> backends) {
        this.backendTarget = Objects.requireNonNull(backendTarget, "backendTarget");
        this.backends = List.copyOf(backends);
        if (this.backends.isEmpty()) {
            throw new IllegalArgumentException("a fallback chain needs at least one backend");
        }
    }

    @Override
    public ChainReply call(ChatRequest request) {
        List<BackendFailure> failures = new ArrayList<>();
        List<BackendException> thrown = new ArrayList<>();
        for (LlmBackend backend : backends) {
            try {
                ChatReply reply = backend.chat(request);
                return ChainReply.of(reply, backendTarget, failures);
            } catch (BackendException failure) {
                failures.add(BackendFailure.of(failure));
                thrown.add(failure);
                LOG.info("backend {} failed for target {} ({}); trying the next backend if any",
                        failure.backendId(), backendTarget, failure.code());
            }
        }
        throw allFailed(failures, thrown);
    }

    private BackendException allFailed(List<BackendFailure> failures, List<BackendException> thrown) {
        String message = "every backend for target '" + backendTarget + "' failed: " + failures.stream()
                .map(f -> f.backendId() + " (" + f.summary() + ")")
                .collect(Collectors.joining("; "));
        BackendException last = thrown.get(thrown.size() - 1);
        boolean allRetriable = thrown.stream().allMatch(BackendException::retriable);
        BackendException result = allRetriable
                ? new RetriableBackendException(backendTarget, message, last)
                : new NonRetriableBackendException(backendTarget, message, last);
        thrown.subList(0, thrown.size() - 1).forEach(result::addSuppressed);
        return result;
    }

    /** What the first backend, the one the chain tries, would send. */
    @Override
    public ChatRequest outgoing(ChatRequest request) {
        return backends.get(0).outgoing(request);
    }

    @Override
    public String id() {
        return backendTarget;
    }

    @Override
    public List<LlmBackend> backends() {
        return backends;
    }

    @Override
    public String toString() {
        return "FallbackChain{target=" + backendTarget + ", " + backends.stream().map(LlmBackend::id).collect(Collectors.toList()) + "}";
    }
}
