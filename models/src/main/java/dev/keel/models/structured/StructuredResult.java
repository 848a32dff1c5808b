package dev.keel.models.structured;

import dev.keel.core.spi.TokenUsage;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The outcome of a {@link StructuredOutput} call: the output when one reply satisfied the contract, otherwise the
 * violations of the last reply; every attempt's telemetry; the total usage. A value, not an exception: running
 * out of attempts is an outcome. Immutable, pure and thread-safe.
 */
public final class StructuredResult {

    private final @Nullable Map<String, Object> output;
    private final List<OutputViolation> violations;
    private final List<StructuredAttempt> attempts;

    StructuredResult(@Nullable Map<String, Object> output, List<OutputViolation> violations, List<StructuredAttempt> attempts) {
        this.output = output;
        this.violations = List.copyOf(violations);
        this.attempts = List.copyOf(attempts);
        if (this.attempts.isEmpty()) {
            // Only the structured output builds a result, after at least one attempt.
            throw new IllegalStateException("a structured result needs at least one attempt");
        }
    }

    /** True when a reply satisfied the contract. */
    public boolean valid() {
        return output != null;
    }

    /** The accepted output (a plain JSON tree), or empty when no reply satisfied the contract. */
    public Optional<Map<String, Object>> output() {
        return Optional.ofNullable(output);
    }

    /** The violations of the last reply: empty when valid. */
    public List<OutputViolation> violations() {
        return violations;
    }

    /** Every ask, in order. */
    public List<StructuredAttempt> attempts() {
        return attempts;
    }

    /** The tokens of every attempt together. */
    public TokenUsage usage() {
        TokenUsage total = TokenUsage.UNKNOWN;
        for (StructuredAttempt attempt : attempts) {
            total = total.plus(attempt.usage());
        }
        return total;
    }

    /** The backend of the last reply. */
    public String backendUsed() {
        return attempts.get(attempts.size() - 1).backendId();
    }

    /** {@code {"valid", "output"?, "violations", "attempts"}}. */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("valid", valid());
        if (output != null) {
            wire.put("output", output);
        }
        wire.put("violations", violations.stream().map(OutputViolation::toWire).toList());
        wire.put("attempts", attempts.stream().map(StructuredAttempt::toWire).toList());
        return wire;
    }

    @Override
    public String toString() {
        return "StructuredResult{valid=" + valid() + ", attempts=" + attempts.size() + ", violations=" + violations.size() + "}";
    }
}
