package dev.keel.committee;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The {@code budget} block of a reply's meta. Immutable, pure and thread-safe.
 *
 * @param capUsd          the mode's cap
 * @param estimatedUsd    what the calls made cost: the reported usage priced, or the estimate where a backend
 *                        reported none
 * @param modeCapExceeded true when the cap changed the run (a call, an agent or a round was left out because it would
 *                        have passed the cap) or the calls cost more than the cap after all
 */
public record BudgetReport(BigDecimal capUsd, BigDecimal estimatedUsd, boolean modeCapExceeded) {

    public BudgetReport {
        Objects.requireNonNull(capUsd, "capUsd");
        Objects.requireNonNull(estimatedUsd, "estimatedUsd");
    }

    /** {@code {"capUsd", "estimatedUsd", "modeCapExceeded"}}. */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("capUsd", capUsd);
        wire.put("estimatedUsd", estimatedUsd);
        wire.put("modeCapExceeded", modeCapExceeded);
        return wire;
    }
}
