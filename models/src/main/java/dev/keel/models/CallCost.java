package dev.keel.models;

import dev.keel.core.spi.TokenUsage;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The cost of one call a {@link BudgetGuard} let through. Immutable, pure and thread-safe.
 *
 * @param backendId the backend that was called
 * @param model     the model it was priced as
 * @param usage     the tokens charged: as reported, or the estimate when the backend reported none
 * @param costUsd   the cost in US dollars
 * @param estimated true when the backend reported no usage and the estimate was charged instead
 */
public record CallCost(String backendId, String model, TokenUsage usage, BigDecimal costUsd, boolean estimated) {

    public CallCost {
        Objects.requireNonNull(backendId, "backendId");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(usage, "usage");
        Objects.requireNonNull(costUsd, "costUsd");
    }

    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("backend", backendId);
        wire.put("model", model);
        wire.put("input_tokens", usage.inputTokens());
        wire.put("output_tokens", usage.outputTokens());
        wire.put("cost_usd", costUsd);
        wire.put("estimated", estimated);
        return wire;
    }
}
