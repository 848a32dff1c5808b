package dev.keel.models;

import dev.keel.core.BackendException;
import java.math.BigDecimal;
import java.util.Objects;

/**
 * A {@link BudgetGuard} refused a call because its estimated cost would pass the cap. Not retriable (the same
 * call would be refused again); a {@link dev.keel.core.spi.FallbackChain} moves on to its next backend. Code
 * {@code budget_exceeded}. Immutable after construction and thread-safe; raising it has no side effect (pure).
 */
public class BudgetExceededException extends BackendException {

    private static final long serialVersionUID = 1L;

    private final BigDecimal estimatedUsd;
    private final BigDecimal remainingUsd;

    public BudgetExceededException(String backendId, BigDecimal estimatedUsd, BigDecimal remainingUsd, BigDecimal capUsd) {
        super("budget_exceeded", backendId, "call to backend '" + backendId + "' refused: its estimated cost of "
                + Objects.requireNonNull(estimatedUsd, "estimatedUsd").toPlainString() + " USD would pass the cap of "
                + capUsd.toPlainString() + " USD (" + remainingUsd.toPlainString() + " USD left)", null);
        this.estimatedUsd = estimatedUsd;
        this.remainingUsd = Objects.requireNonNull(remainingUsd, "remainingUsd");
    }

    /** The estimated cost of the refused call. */
    public BigDecimal estimatedUsd() {
        return estimatedUsd;
    }

    /** What was left under the cap when the call was refused. */
    public BigDecimal remainingUsd() {
        return remainingUsd;
    }

    @Override
    public boolean retriable() {
        return false;
    }
}
