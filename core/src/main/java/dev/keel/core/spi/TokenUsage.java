package dev.keel.core.spi;

import dev.keel.core.InvalidInputException;

/**
 * Tokens a call consumed, as the backend reported them. Immutable and thread-safe.
 *
 * @param inputTokens  prompt tokens, or 0 when unknown
 * @param outputTokens completion tokens, or 0 when unknown
 */
public record TokenUsage(long inputTokens, long outputTokens) {

    /** Usage a backend did not report. */
    public static final TokenUsage UNKNOWN = new TokenUsage(0, 0);

    public TokenUsage {
        if (inputTokens < 0 || outputTokens < 0) {
            throw new InvalidInputException("token counts must be >= 0");
        }
    }

    public long totalTokens() {
        return inputTokens + outputTokens;
    }

    public TokenUsage plus(TokenUsage other) {
        return new TokenUsage(inputTokens + other.inputTokens, outputTokens + other.outputTokens);
    }
}
