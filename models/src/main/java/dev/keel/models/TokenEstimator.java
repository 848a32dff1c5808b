package dev.keel.models;

import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.Pricing;

/**
 * Estimates the input tokens of a request before it is sent, so that a {@link BudgetGuard} can refuse a call
 * that would pass its cap. Implementations must be pure and thread-safe.
 */
@FunctionalInterface
public interface TokenEstimator {

    /** The input tokens {@code request} is expected to use; at least 0. */
    long inputTokens(ChatRequest request);

    /** {@link Pricing#estimatedInputTokens}: one token per three characters, plus four per message. */
    static TokenEstimator charactersPerToken3() {
        return Pricing::estimatedInputTokens;
    }
}
