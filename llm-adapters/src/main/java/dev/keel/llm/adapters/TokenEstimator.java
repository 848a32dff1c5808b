package dev.keel.llm.adapters;

import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRequest;

/**
 * Estimates the input tokens of a request before it is sent, so that a {@link BudgetGuard} can refuse a call
 * that would pass its cap. Implementations must be pure and thread-safe.
 */
@FunctionalInterface
public interface TokenEstimator {

    /** The input tokens {@code request} is expected to use; at least 0. */
    long inputTokens(ChatRequest request);

    /**
     * One token per three characters, rounded up, plus four tokens of framing per message: on the high side of
     * what BPE tokenizers give for English (about four characters per token), so that estimates err towards
     * refusing.
     */
    static TokenEstimator charactersPerToken3() {
        return request -> {
            long tokens = 0;
            for (ChatMessage message : request.messages()) {
                tokens += (message.text().length() + 2L) / 3 + 4;
            }
            return tokens;
        };
    }
}
