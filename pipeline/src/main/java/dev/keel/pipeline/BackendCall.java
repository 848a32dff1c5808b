package dev.keel.pipeline;

import dev.keel.core.spi.TokenUsage;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One model call a governed call made: the backend asked for, the one that answered (and why they differ),
 * whether it left the house, the tokens it took, and what the egress filter withheld from its prompt, by kind and
 * count (never the text). Immutable and thread-safe.
 *
 * @param target     the backend asked for
 * @param used       the backend that answered
 * @param usedReason why {@code used} is not {@code target}, or null
 * @param external   whether {@code used} is outside the house
 * @param usage      tokens in and out
 * @param withheld   what the egress filter withheld from the prompt: count by kind, empty for an internal call
 */
public record BackendCall(String target, String used, @Nullable String usedReason, boolean external, TokenUsage usage,
                          Map<String, Integer> withheld) {

    public BackendCall {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(used, "used");
        Objects.requireNonNull(usage, "usage");
        withheld = Map.copyOf(withheld);
    }

    /** The call as a plain JSON object, for traces and audit records. */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("target", target);
        wire.put("used", used);
        if (usedReason != null) {
            wire.put("used_reason", usedReason);
        }
        wire.put("external", external);
        wire.put("input_tokens", usage.inputTokens());
        wire.put("output_tokens", usage.outputTokens());
        wire.put("withheld", new java.util.TreeMap<>(withheld));
        return wire;
    }
}
