package dev.keel.models.structured;

import dev.keel.core.spi.TokenUsage;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Telemetry of one ask of a {@link StructuredOutput} call: which attempt, which backend answered, what it cost,
 * and the violations its reply had (empty for the accepted one). Immutable, pure and thread-safe.
 */
public record StructuredAttempt(int attempt, String backendId, TokenUsage usage, List<OutputViolation> violations) {

    public StructuredAttempt {
        Objects.requireNonNull(backendId, "backendId");
        Objects.requireNonNull(usage, "usage");
        violations = List.copyOf(violations);
    }

    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("attempt", attempt);
        wire.put("backend", backendId);
        wire.put("input_tokens", usage.inputTokens());
        wire.put("output_tokens", usage.outputTokens());
        wire.put("violations", violations.stream().map(OutputViolation::toWire).toList());
        return wire;
    }
}
