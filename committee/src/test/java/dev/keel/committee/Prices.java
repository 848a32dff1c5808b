package dev.keel.committee;

import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.TokenUsage;
import java.math.BigDecimal;

/** Prices for tests: one price per token, input and output, and one token per three characters (rounded up). */
final class Prices {

    private Prices() {
    }

    static long inputTokens(ChatRequest request) {
        long tokens = 0;
        for (ChatMessage message : request.messages()) {
            tokens += (message.text().length() + 2L) / 3 + 4;
        }
        return tokens;
    }

    static CallPricing perToken(BigDecimal usdPerToken) {
        return perToken(usdPerToken, usdPerToken);
    }

    static CallPricing perToken(BigDecimal input, BigDecimal output) {
        return new CallPricing() {
            @Override
            public BigDecimal estimateUsd(String role, ChatRequest request) {
                return costUsd(role, new TokenUsage(inputTokens(request), request.maxOutputTokens().orElse(0)));
            }

            @Override
            public BigDecimal costUsd(String role, TokenUsage usage) {
                return input.multiply(BigDecimal.valueOf(usage.inputTokens()))
                        .add(output.multiply(BigDecimal.valueOf(usage.outputTokens())));
            }
        };
    }
}
