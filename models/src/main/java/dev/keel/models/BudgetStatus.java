package dev.keel.models;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A snapshot of a {@link BudgetGuard}. Immutable, pure and thread-safe.
 *
 * @param capUsd       the cap
 * @param spentUsd     the cost of the calls that completed
 * @param reservedUsd  the estimates of calls under way
 * @param refusedCalls calls refused because they would have passed the cap
 * @param calls        the completed calls, in completion order
 */
public record BudgetStatus(BigDecimal capUsd, BigDecimal spentUsd, BigDecimal reservedUsd, int refusedCalls,
                           List<CallCost> calls) {

    public BudgetStatus {
        Objects.requireNonNull(capUsd, "capUsd");
        Objects.requireNonNull(spentUsd, "spentUsd");
        Objects.requireNonNull(reservedUsd, "reservedUsd");
        calls = List.copyOf(calls);
    }

    /** What is left under the cap, never below 0. */
    public BigDecimal remainingUsd() {
        BigDecimal remaining = capUsd.subtract(spentUsd).subtract(reservedUsd);
        return remaining.signum() < 0 ? BigDecimal.ZERO : remaining;
    }

    /** True when a call was refused or the calls cost more than the cap (usage above the estimate). */
    public boolean capExceeded() {
        return refusedCalls > 0 || spentUsd.compareTo(capUsd) > 0;
    }

    /**
     * The committee's {@code meta.budget} ({@code docs/committee.md}): {@code {"capUsd", "estimatedUsd", "modeCapExceeded"}}, where
     * {@code estimatedUsd} is what the calls cost.
     */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("capUsd", capUsd);
        wire.put("estimatedUsd", spentUsd);
        wire.put("modeCapExceeded", capExceeded());
        return wire;
    }
}
