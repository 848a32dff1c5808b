package dev.keel.examples.marp.evidence;

import dev.keel.core.evidence.Locator;
import java.math.BigDecimal;
import java.util.Objects;

/** The budget a transition calendar may commit, in {@code currency}. Immutable and thread-safe. */
public record BudgetEnvelope(BigDecimal amount, String currency, String profile, Locator locator) {

    public BudgetEnvelope {
        Objects.requireNonNull(amount, "amount");
        Objects.requireNonNull(currency, "currency");
        Objects.requireNonNull(locator, "locator");
    }
}
