package dev.keel.models;

import dev.keel.core.ConfigurationException;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.ForwardingBackend;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.Pricing;
import dev.keel.core.spi.StreamAttempt;
import dev.keel.core.spi.StreamHandle;
import dev.keel.core.spi.StreamSink;
import dev.keel.core.spi.TokenUsage;
import dev.keel.models.BudgetExceededException;
import dev.keel.models.BudgetGuard;
import dev.keel.models.BudgetStatus;
import dev.keel.models.CallCost;
import dev.keel.models.TokenEstimator;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** {@link BudgetGuard}. Not pure (keeps a ledger); thread-safe: the ledger is guarded by this object's monitor. */
final class CappedBudget implements BudgetGuard {

    private final BigDecimal capUsd;
    private final Pricing prices;
    private final TokenEstimator estimator;
    private final long defaultMaxOutputTokens;

    private BigDecimal spentUsd = BigDecimal.ZERO;
    private BigDecimal reservedUsd = BigDecimal.ZERO;
    private int refusedCalls;
    private final List<CallCost> calls = new ArrayList<>();

    public CappedBudget(BigDecimal capUsd, Pricing prices, TokenEstimator estimator, long defaultMaxOutputTokens) {
        this.capUsd = capUsd;
        this.prices = prices;
        this.estimator = estimator;
        this.defaultMaxOutputTokens = defaultMaxOutputTokens;
    }

    @Override
    public LlmBackend guard(LlmBackend backend, String model) {
        priced(model, TokenUsage.UNKNOWN); // an unpriced model is refused here, not at its first call
        return new Guarded(backend, model);
    }

    @Override
    public BigDecimal estimateUsd(ChatRequest request, String model) {
        return priced(model, estimatedUsage(request));
    }

    private BigDecimal priced(String model, TokenUsage usage) {
        return prices.costUsd(model, usage).orElseThrow(() -> new ConfigurationException("model '" + model
                + "' has no price: add it to the pricing table (a local model can be listed at 0) before putting it"
                + " under a budget cap"));
    }

    private TokenUsage estimatedUsage(ChatRequest request) {
        long output = request.maxOutputTokens().map(Integer::longValue).orElse(defaultMaxOutputTokens);
        return new TokenUsage(Math.max(0, estimator.inputTokens(request)), output);
    }

    private synchronized void reserve(String backendId, BigDecimal estimate) {
        BigDecimal remaining = capUsd.subtract(spentUsd).subtract(reservedUsd);
        if (estimate.compareTo(remaining) > 0) {
            refusedCalls++;
            throw new BudgetExceededException(backendId, estimate, remaining.signum() < 0 ? BigDecimal.ZERO : remaining, capUsd);
        }
        reservedUsd = reservedUsd.add(estimate);
    }

    private synchronized void release(BigDecimal estimate, @Nullable CallCost cost) {
        reservedUsd = reservedUsd.subtract(estimate);
        if (cost != null) {
            spentUsd = spentUsd.add(cost.costUsd());
            calls.add(cost);
        }
    }

    @Override
    public BigDecimal capUsd() {
        return capUsd;
    }

    @Override
    public synchronized BudgetStatus status() {
        return new BudgetStatus(capUsd, spentUsd, reservedUsd, refusedCalls, calls);
    }

    @Override
    public String toString() {
        return "BudgetGuard{" + status().toWire() + "}";
    }

    /** One backend under the guard. */
    private final class Guarded extends ForwardingBackend {
        private final String model;

        Guarded(LlmBackend backend, String model) {
            super(backend);
            this.model = model;
        }

        /**
         * Refused as a failure before anything is sent; charged its reply's usage when the round completes; a round
         * that ended part-way after chunks (a stream failed or cancelled) produced tokens that no usage reports, so
         * it is charged its estimate; one that failed before any chunk is charged nothing.
         */
        @Override
        protected void round(ChatRequest request, LlmBackend next, StreamSink sink, StreamHandle handle) {
            TokenUsage estimatedUsage = estimatedUsage(next.outgoing(request));
            BigDecimal estimate = priced(model, estimatedUsage);
            try {
                reserve(next.id(), estimate);
            } catch (BudgetExceededException refused) {
                sink.fail(refused);
                return;
            }
            CallCost cost = null;
            StreamAttempt attempt;
            try {
                attempt = StreamAttempt.run(next, request, sink, handle);
                if (attempt.reply().isPresent()) {
                    cost = cost(attempt.reply().get(), estimatedUsage);
                } else if (attempt.chunks() > 0) {
                    cost = new CallCost(next.id(), model, estimatedUsage, estimate, true);
                }
            } finally {
                release(estimate, cost);
            }
            attempt.end();
        }

        /** What {@code reply} costs: the usage it reports, else the estimate. */
        private CallCost cost(ChatReply reply, TokenUsage estimatedUsage) {
            boolean reported = reply.usage().totalTokens() > 0;
            TokenUsage charged = reported ? reply.usage() : estimatedUsage;
            return new CallCost(reply.backendId(), model, charged, priced(model, charged), !reported);
        }

        @Override
        public String toString() {
            return "BudgetGuarded{" + delegate() + ", model=" + model + "}";
        }
    }
}
