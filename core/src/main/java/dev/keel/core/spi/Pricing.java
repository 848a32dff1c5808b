package dev.keel.core.spi;

import java.math.BigDecimal;
import java.util.Optional;

/**
 * What calls to a model cost, in exact US dollars: the one price model of Keel. The committee holds its caps with it,
 * a budget guard of the LLM adapters holds its cap with it, and the adapters' price table implements it. A call is
 * priced twice: before it is made, from an estimate of its request ({@link #estimateUsd}), and after it, from the usage
 * the backend reported ({@link #costUsd}).
 *
 * <pre>{@code
 * Pricing perToken = (model, usage) -> Optional.of(new BigDecimal("0.000001").multiply(BigDecimal.valueOf(usage.totalTokens())));
 * }</pre>
 *
 * <p>Implementations must be pure and thread-safe; a cost is never negative.
 */
@FunctionalInterface
public interface Pricing {

    /** The cost of {@code usage} on {@code model}, or empty when this pricing has no price for {@code model}. */
    Optional<BigDecimal> costUsd(String model, TokenUsage usage);

    /** Whether {@code model} has a price here. */
    default boolean prices(String model) {
        return costUsd(model, TokenUsage.UNKNOWN).isPresent();
    }

    /**
     * The tokens {@code request} is expected to use: input tokens by {@link #estimatedInputTokens}, output tokens its
     * {@code maxOutputTokens} (0 when it sets none: a caller that caps its calls sets it).
     */
    default TokenUsage estimatedUsage(ChatRequest request) {
        return new TokenUsage(estimatedInputTokens(request), request.maxOutputTokens().orElse(0));
    }

    /**
     * The estimated cost of sending {@code request} to {@code model}: the cost of its {@link #estimatedUsage}. The
     * request should be the one the backend sends ({@link LlmBackend#outgoing}), which may be longer than the caller's.
     */
    default Optional<BigDecimal> estimateUsd(String model, ChatRequest request) {
        return costUsd(model, estimatedUsage(request));
    }

    /**
     * One token per three characters, rounded up, plus four tokens of framing per message: on the high side of what
     * BPE tokenizers give for English (about four characters per token), so that estimates err towards refusing.
     */
    static long estimatedInputTokens(ChatRequest request) {
        long tokens = 0;
        for (ChatMessage message : request.messages()) {
            tokens += (message.text().length() + 2L) / 3 + 4;
        }
        return tokens;
    }

    /** Every model free: for models that cost nothing (a local model, recorded replies). */
    static Pricing free() {
        return (model, usage) -> Optional.of(BigDecimal.ZERO);
    }
}
