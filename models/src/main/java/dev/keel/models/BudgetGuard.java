package dev.keel.models;

import dev.keel.core.ConfigurationException;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.Pricing;
import java.math.BigDecimal;
import java.util.Objects;

/**
 * A spending cap over the calls of one unit of work (a request, a committee run; for example 0.10 USD for a
 * quick answer and 0.50 USD for a deep one, see {@code docs/models.md}).
 *
 * <p>Before a call, a guarded backend estimates its cost (input tokens from the {@link TokenEstimator}, output
 * tokens from the request's {@code maxOutputTokens} or the guard's default, priced by its {@link Pricing}, usually a
 * {@link PriceTable})
 * and refuses it with a {@link BudgetExceededException} when what is spent, plus what is reserved by calls under
 * way, plus the estimate would pass the cap; otherwise it reserves the estimate. After the call it releases the
 * reservation and charges the actual usage the backend reported (the estimate when it reported none). A failed
 * call is charged nothing. A call that costs more than its estimate is still charged in full, so
 * {@link BudgetStatus#capExceeded()} tells when the cap was passed after all.
 *
 * <p>Not pure: it keeps a ledger. Thread-safe: reservations are atomic, so concurrent calls cannot pass the cap together.
 */
public interface BudgetGuard {

    /** Output tokens assumed for a request that sets no {@code maxOutputTokens}. */
    long DEFAULT_MAX_OUTPUT_TOKENS = 1024;

    /** A guard with the default estimator and output assumption. */
    static BudgetGuard create(BigDecimal capUsd, Pricing prices) {
        return builder(capUsd, prices).build();
    }

    static Builder builder(BigDecimal capUsd, Pricing prices) {
        return new Builder(capUsd, prices);
    }

    /**
     * {@code backend}, priced as {@code model}, under this guard; same id.
     *
     * @throws dev.keel.core.ConfigurationException when {@code model} has no price
     */
    LlmBackend guard(LlmBackend backend, String model);

    /**
     * The estimated cost of sending {@code request} to {@code model}, in US dollars.
     *
     * @throws dev.keel.core.ConfigurationException when {@code model} has no price
     */
    BigDecimal estimateUsd(ChatRequest request, String model);

    BigDecimal capUsd();

    BudgetStatus status();

    /** Collects a guard's settings; not thread-safe. */
    final class Builder {
        private final BigDecimal capUsd;
        private final Pricing prices;
        private TokenEstimator estimator = TokenEstimator.charactersPerToken3();
        private long defaultMaxOutputTokens = DEFAULT_MAX_OUTPUT_TOKENS;

        private Builder(BigDecimal capUsd, Pricing prices) {
            this.capUsd = Objects.requireNonNull(capUsd, "capUsd");
            this.prices = Objects.requireNonNull(prices, "prices");
            if (capUsd.signum() < 0) {
                throw new ConfigurationException("the cap must be >= 0");
            }
        }

        public Builder estimator(TokenEstimator estimator) {
            this.estimator = Objects.requireNonNull(estimator, "estimator");
            return this;
        }

        /** Output tokens assumed when a request sets no {@code maxOutputTokens}; default 1024. */
        public Builder defaultMaxOutputTokens(long tokens) {
            if (tokens < 0) {
                throw new ConfigurationException("tokens must be >= 0");
            }
            this.defaultMaxOutputTokens = tokens;
            return this;
        }

        public BudgetGuard build() {
            return new CappedBudget(capUsd, prices, estimator, defaultMaxOutputTokens);
        }
    }
}
