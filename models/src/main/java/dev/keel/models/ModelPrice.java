package dev.keel.models;

import dev.keel.core.ConfigurationException;
import dev.keel.core.spi.TokenUsage;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Objects;

/**
 * What a model costs: US dollars per million input tokens and per million output tokens. Immutable and
 * thread-safe; pricing is pure.
 */
public record ModelPrice(BigDecimal inputUsdPerMillion, BigDecimal outputUsdPerMillion) {

    /** A model that costs nothing (a local model). */
    public static final ModelPrice FREE = new ModelPrice(BigDecimal.ZERO, BigDecimal.ZERO);

    private static final BigDecimal MILLION = BigDecimal.valueOf(1_000_000);

    /** Costs are kept to 10 decimal places of a dollar: far below a single token of any priced model. */
    private static final int SCALE = 10;

    public ModelPrice {
        Objects.requireNonNull(inputUsdPerMillion, "inputUsdPerMillion");
        Objects.requireNonNull(outputUsdPerMillion, "outputUsdPerMillion");
        if (inputUsdPerMillion.signum() < 0 || outputUsdPerMillion.signum() < 0) {
            throw new ConfigurationException("prices must be >= 0");
        }
    }

    public static ModelPrice of(String inputUsdPerMillion, String outputUsdPerMillion) {
        return new ModelPrice(new BigDecimal(inputUsdPerMillion), new BigDecimal(outputUsdPerMillion));
    }

    /** The cost of {@code usage}, in US dollars. */
    public BigDecimal cost(TokenUsage usage) {
        return cost(usage.inputTokens(), usage.outputTokens());
    }

    /** The cost of that many tokens, in US dollars. */
    public BigDecimal cost(long inputTokens, long outputTokens) {
        BigDecimal input = inputUsdPerMillion.multiply(BigDecimal.valueOf(inputTokens));
        BigDecimal output = outputUsdPerMillion.multiply(BigDecimal.valueOf(outputTokens));
        return input.add(output).divide(MILLION, SCALE, RoundingMode.UP).stripTrailingZeros();
    }
}
