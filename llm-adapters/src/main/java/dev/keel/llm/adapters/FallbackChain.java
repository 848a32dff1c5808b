package dev.keel.llm.adapters;

import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.LlmBackend;
import dev.keel.llm.adapters.internal.FallbackChainBackend;
import java.util.List;

/**
 * Backends tried in order (typically the external target first, the internal backend last) until one
 * answers. Each backend is called once (put retries inside it with {@link RetryPolicy#wrap}); a
 * {@link dev.keel.core.BackendException} of any kind, including a refusal of the {@link BudgetGuard}, moves on to
 * the next. The {@link ChainReply} records {@code backend_target}, the {@code backend_used} that really answered
 * and why they differ.
 *
 * <p>When every backend fails, the chain throws a {@link dev.keel.core.RetriableBackendException} if every
 * failure was retriable, else a {@link dev.keel.core.NonRetriableBackendException}; its message lists each
 * failure and the others are attached as suppressed exceptions.
 *
 * <p>Not pure: it calls backends. Thread-safe when its backends are.
 */
public interface FallbackChain extends LlmBackend {

    /**
     * A chain for {@code backendTarget} over {@code backends} (at least one), tried first to last.
     *
     * @throws IllegalArgumentException when {@code backends} is empty
     */
    static FallbackChain of(String backendTarget, List<? extends LlmBackend> backends) {
        return new FallbackChainBackend(backendTarget, backends);
    }

    /** Tries the backends in order and tells who answered. */
    ChainReply call(ChatRequest request);

    /** The reply of {@link #call}. */
    @Override
    default ChatReply chat(ChatRequest request) {
        return call(request).reply();
    }

    /** The backend target. */
    @Override
    String id();

    /** The backends, in the order they are tried. */
    List<LlmBackend> backends();
}
