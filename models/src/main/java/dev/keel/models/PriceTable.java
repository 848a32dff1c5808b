package dev.keel.models;

import dev.keel.core.spi.Pricing;
import dev.keel.core.spi.TokenUsage;
import java.math.BigDecimal;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Prices by model name (the name the backend asks for, for example {@code claude-sonnet-4-5} or
 * {@code llama3.1}): the {@link Pricing} of {@code llm.config.json}, for a {@link BudgetGuard} and for the committee
 * alike. A model that is not listed has no price: a {@link BudgetGuard} refuses to guard it and the committee refuses
 * a role priced as it, so that an unpriced model can never slip past a cap. Immutable, pure and thread-safe.
 */
public final class PriceTable implements Pricing {

    private static final PriceTable EMPTY = new PriceTable(Map.of());

    private final Map<String, ModelPrice> prices;

    private PriceTable(Map<String, ModelPrice> prices) {
        this.prices = prices;
    }

    public static PriceTable empty() {
        return EMPTY;
    }

    /** A table of {@code prices}, keyed by model name. */
    public static PriceTable of(Map<String, ModelPrice> prices) {
        Map<String, ModelPrice> copy = new LinkedHashMap<>();
        prices.forEach((model, price) -> copy.put(Objects.requireNonNull(model, "model"), Objects.requireNonNull(price, "price")));
        return new PriceTable(Collections.unmodifiableMap(copy));
    }

    public Optional<ModelPrice> priceOf(String model) {
        return Optional.ofNullable(prices.get(model));
    }

    /** {@link ModelPrice#cost(TokenUsage)} of {@code model}'s price, or empty when it is not listed. */
    @Override
    public Optional<BigDecimal> costUsd(String model, TokenUsage usage) {
        return priceOf(model).map(price -> price.cost(usage));
    }

    /** Every listed model and its price, in the order given. */
    public Map<String, ModelPrice> prices() {
        return prices;
    }

    /** This table with {@code model} priced at {@code price} (replacing any earlier price). */
    public PriceTable with(String model, ModelPrice price) {
        Map<String, ModelPrice> copy = new LinkedHashMap<>(prices);
        copy.put(Objects.requireNonNull(model, "model"), Objects.requireNonNull(price, "price"));
        return new PriceTable(Collections.unmodifiableMap(copy));
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof PriceTable && ((PriceTable) other).prices.equals(prices);
    }

    @Override
    public int hashCode() {
        return prices.hashCode();
    }

    @Override
    public String toString() {
        return "PriceTable" + prices;
    }
}
