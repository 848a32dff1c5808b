package dev.keel.committee;

import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.TokenUsage;
import java.math.BigDecimal;

/**
 * What a role's calls cost, in US dollars: estimated before a call from its request as the role's backend would send
 * it ({@link dev.keel.core.spi.LlmBackend#outgoing}: on the governed call, egress-filtered; input tokens estimated
 * from the messages, output tokens bounded by the request's {@code maxOutputTokens}, which the committee always sets), and
 * computed after it from the usage the backend reported. The committee makes a call only when what it has spent plus
 * the estimate stays within the mode's cap. A host adapts its price table and token estimator (the LLM adapters' do).
 *
 * <p>Implementations must be pure and thread-safe.
 */
public interface CallPricing {

    /** The estimated cost of sending {@code request} to {@code role}'s model. */
    BigDecimal estimateUsd(String role, ChatRequest request);

    /** The cost of {@code usage} on {@code role}'s model. */
    BigDecimal costUsd(String role, TokenUsage usage);

    /** Every call free: for models that cost nothing (a local model, recorded replies). */
    static CallPricing free() {
        return new CallPricing() {
            @Override
            public BigDecimal estimateUsd(String role, ChatRequest request) {
                return BigDecimal.ZERO;
            }

            @Override
            public BigDecimal costUsd(String role, TokenUsage usage) {
                return BigDecimal.ZERO;
            }
        };
    }
}
