package dev.keel.committee;

import dev.keel.core.ConfigurationException;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.Pricing;
import dev.keel.core.spi.TokenUsage;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One run's spending under its cap. A call is made only when what was spent plus its estimate stays within the cap;
 * after it, the reported usage is charged (the estimate when none was reported). Every call, made or not, is kept for
 * the audit. Not pure (a ledger); thread-safe (guarded by its monitor).
 */
final class BudgetLedger {

    private final BigDecimal capUsd;
    private final Pricing pricing;
    /** The model each role's calls are priced as; a role not listed is priced under its own name. */
    private final Map<String, String> models;
    private BigDecimal spentUsd = BigDecimal.ZERO;
    private boolean constrained;
    private final List<Map<String, Object>> calls = new ArrayList<>();

    BudgetLedger(BigDecimal capUsd, Pricing pricing, Map<String, String> models) {
        this.capUsd = Objects.requireNonNull(capUsd, "capUsd");
        this.pricing = Objects.requireNonNull(pricing, "pricing");
        this.models = Map.copyOf(models);
    }

    /** The model {@code role}'s calls are priced as. */
    static String model(Map<String, String> models, String role) {
        return models.getOrDefault(role, role);
    }

    /** The estimated cost of a call; not recorded. */
    BigDecimal estimate(String role, ChatRequest request) {
        String model = model(models, role);
        return checked(model, pricing.estimateUsd(model, request).orElse(null));
    }

    private static BigDecimal checked(String model, @Nullable BigDecimal usd) {
        // The committee checked every role's price when it was built: a pricing that loses one, or prices a call
        // below 0, is the host's pricing at fault.
        if (usd == null || usd.signum() < 0) {
            throw new ConfigurationException("the pricing gives model '" + model + "' no price of 0 or more");
        }
        return usd;
    }

    /** Whether {@code amount} more would stay within the cap. */
    synchronized boolean fits(BigDecimal amount) {
        return spentUsd.add(amount).compareTo(capUsd) <= 0;
    }

    /** The estimate of a call that may be made, or null (recorded as refused) when it would pass the cap. */
    synchronized @Nullable BigDecimal admit(String purpose, String role, ChatRequest request) {
        BigDecimal estimate = estimate(role, request);
        if (!fits(estimate)) {
            constrained = true;
            Map<String, Object> call = call(purpose, role, estimate);
            call.put("made", false);
            call.put("reason", "would pass the cap: spent " + spentUsd.toPlainString() + " + estimate "
                    + estimate.toPlainString() + " > " + capUsd.toPlainString());
            calls.add(call);
            return null;
        }
        return estimate;
    }

    /** Charges a call that was made; {@code usage} null when it failed (then nothing is charged). */
    synchronized void charge(String purpose, String role, BigDecimal estimate, @Nullable TokenUsage usage,
            String backendId) {
        Map<String, Object> call = call(purpose, role, estimate);
        call.put("made", true);
        call.put("backend", backendId);
        if (usage == null) {
            call.put("costUsd", BigDecimal.ZERO);
            call.put("failed", true);
        } else {
            boolean reported = usage.totalTokens() > 0;
            String model = model(models, role);
            BigDecimal cost = reported ? checked(model, pricing.costUsd(model, usage).orElse(null)) : estimate;
            spentUsd = spentUsd.add(cost);
            call.put("inputTokens", usage.inputTokens());
            call.put("outputTokens", usage.outputTokens());
            call.put("costUsd", cost);
            call.put("usageReported", reported);
        }
        calls.add(call);
    }

    /** Records that the cap left work out before any call was tried (agents or rounds dropped by the plan). */
    synchronized void constrained() {
        constrained = true;
    }

    private static Map<String, Object> call(String purpose, String role, BigDecimal estimate) {
        Map<String, Object> call = new LinkedHashMap<>();
        call.put("purpose", purpose);
        call.put("role", role);
        call.put("estimatedUsd", estimate);
        return call;
    }

    synchronized BudgetReport report() {
        return new BudgetReport(capUsd, spentUsd, constrained || spentUsd.compareTo(capUsd) > 0);
    }

    synchronized List<Map<String, Object>> calls() {
        return List.copyOf(calls);
    }
}
