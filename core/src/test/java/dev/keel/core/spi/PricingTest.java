package dev.keel.core.spi;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PricingTest {

    /** One micro-dollar per input token and two per output token, for the model "m" only. */
    private static final Pricing M = (model, usage) -> model.equals("m")
            ? Optional.of(new BigDecimal("0.000001").multiply(BigDecimal.valueOf(usage.inputTokens()))
                    .add(new BigDecimal("0.000002").multiply(BigDecimal.valueOf(usage.outputTokens()))))
            : Optional.empty();

    @Test
    void theEstimateIsThreeCharactersPerTokenPlusFourPerMessageAndTheOutputCap() {
        ChatRequest request = ChatRequest.builder().addMessage(ChatMessage.system("abcd")).addMessage(ChatMessage.user(""))
                .maxOutputTokens(100).build();

        // "abcd": 2 tokens + 4; "": 0 + 4.
        assertThat(Pricing.estimatedInputTokens(request)).isEqualTo(10);
        assertThat(M.estimatedUsage(request)).isEqualTo(new TokenUsage(10, 100));
        assertThat(M.estimateUsd("m", request)).hasValueSatisfying(usd -> assertThat(usd).isEqualByComparingTo("0.00021"));
        assertThat(M.estimatedUsage(ChatRequest.ofUserMessage("hi"))).isEqualTo(new TokenUsage(5, 0));
    }

    @Test
    void aModelWithoutAPriceIsSaidSo() {
        assertThat(M.prices("m")).isTrue();
        assertThat(M.prices("other")).isFalse();
        assertThat(M.estimateUsd("other", ChatRequest.ofUserMessage("hi"))).isEmpty();
        assertThat(Pricing.free().costUsd("anything", new TokenUsage(1_000_000, 1_000_000)))
                .hasValueSatisfying(usd -> assertThat(usd).isZero());
    }
}
