package dev.keel.committee;

import dev.keel.core.spi.Pricing;
import java.math.BigDecimal;
import java.util.Optional;

/** Prices for tests: one price per token, input and output (requests estimated by the core default). */
final class Prices {

    private Prices() {
    }

    static Pricing perToken(BigDecimal usdPerToken) {
        return perToken(usdPerToken, usdPerToken);
    }

    /** Every model at these prices per token. */
    static Pricing perToken(BigDecimal input, BigDecimal output) {
        return (model, usage) -> Optional.of(input.multiply(BigDecimal.valueOf(usage.inputTokens()))
                .add(output.multiply(BigDecimal.valueOf(usage.outputTokens()))));
    }
}
