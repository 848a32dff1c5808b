package dev.keel.models;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.keel.core.ConfigurationException;
import dev.keel.core.RetriableBackendException;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.Pricing;
import dev.keel.core.spi.TokenUsage;
import dev.keel.test.properties.Gen;
import dev.keel.test.properties.Property;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class BudgetGuardTest {

    /** 3 USD per million input tokens, 15 per million output. */
    private static final PriceTable PRICES = PriceTable.of(Map.of("sonnet", ModelPrice.of("3", "15"), "llama3.1", ModelPrice.FREE));

    /** Estimated 1,000 input tokens (the estimator is fixed) and 1,000 output tokens: 0.018 USD. */
    private static final TokenEstimator THOUSAND = request -> 1000;

    private static ChatRequest request() {
        return ChatRequest.builder().addMessage(ChatMessage.user("Compare the calendars.")).maxOutputTokens(1000).build();
    }

    @Test
    void pricesTokensPerMillion() {
        assertThat(ModelPrice.of("3", "15").cost(new TokenUsage(1000, 1000))).isEqualByComparingTo("0.018");
        assertThat(ModelPrice.of("0.15", "0.60").cost(new TokenUsage(1, 0))).isEqualByComparingTo("0.00000015");
        assertThat(ModelPrice.FREE.cost(new TokenUsage(1_000_000, 1_000_000))).isEqualByComparingTo("0");
    }

    @Test
    void thePriceTableIsTheCorePricing() {
        Pricing pricing = PRICES;

        assertThat(pricing.costUsd("sonnet", new TokenUsage(1000, 1000))).hasValueSatisfying(
                usd -> assertThat(usd).isEqualByComparingTo("0.018"));
        assertThat(pricing.costUsd("gpt-unknown", new TokenUsage(1, 1))).isEmpty();
        assertThat(pricing.prices("llama3.1")).isTrue();
        assertThat(pricing.prices("gpt-unknown")).isFalse();
        // "Compare the calendars." is 22 characters: 8 tokens and 4 of framing; 1,000 output tokens as requested.
        assertThat(pricing.estimatedUsage(request())).isEqualTo(new TokenUsage(12, 1000));
        assertThat(pricing.estimateUsd("sonnet", request())).hasValueSatisfying(
                usd -> assertThat(usd).isEqualByComparingTo("0.015036"));
        assertThat(TokenEstimator.charactersPerToken3().inputTokens(request())).isEqualTo(12);
    }

    @Test
    void aGuardPricesWithAnyPricing() {
        Pricing perOutputToken = (model, usage) -> model.equals("judge")
                ? Optional.of(new BigDecimal("0.001").multiply(BigDecimal.valueOf(usage.outputTokens())))
                : Optional.empty();
        BudgetGuard guard = BudgetGuard.builder(new BigDecimal("1.5"), perOutputToken).build();
        LlmBackend guarded = guard.guard(FakeBackends.answering("judge", "ok", new TokenUsage(5, 700)), "judge");

        guarded.chat(request());
        assertThatThrownBy(() -> guarded.chat(request())).isInstanceOf(BudgetExceededException.class);

        assertThat(guard.status().spentUsd()).isEqualByComparingTo("0.7");
        assertThatThrownBy(() -> guard.guard(FakeBackends.answering("other", "ok", TokenUsage.UNKNOWN), "other"))
                .isInstanceOf(ConfigurationException.class);
    }

    @Test
    void refusesTheCallThatWouldPassTheCapAndChargesActualUsage() {
        BudgetGuard guard = BudgetGuard.builder(new BigDecimal("0.04"), PRICES).estimator(THOUSAND).build();
        FakeBackends.Scripted backend = FakeBackends.answering("master", "ok", new TokenUsage(800, 600));
        LlmBackend guarded = guard.guard(backend, "sonnet");

        guarded.chat(request());
        guarded.chat(request());
        // spent 2 x (800 x 3 + 600 x 15) / 1e6 = 0.0228; a third estimate of 0.018 would pass 0.04
        BudgetExceededException refused = catchThrowableOfType(BudgetExceededException.class, () -> guarded.chat(request()));

        assertThat(backend.requests()).hasSize(2);
        assertThat(refused.code()).isEqualTo("budget_exceeded");
        assertThat(refused.retriable()).isFalse();
        assertThat(refused.estimatedUsd()).isEqualByComparingTo("0.018");
        assertThat(refused.remainingUsd()).isEqualByComparingTo("0.0172");
        assertThat(refused.getMessage()).isEqualTo("call to backend 'master' refused: its estimated cost of 0.018 USD would"
                + " pass the cap of 0.04 USD (0.0172 USD left)");
        BudgetStatus status = guard.status();
        assertThat(status.spentUsd()).isEqualByComparingTo("0.0228");
        assertThat(status.reservedUsd()).isEqualByComparingTo("0");
        assertThat(status.refusedCalls()).isEqualTo(1);
        assertThat(status.calls()).extracting(CallCost::estimated).containsExactly(false, false);
        assertThat(status.toWire()).containsEntry("capUsd", new BigDecimal("0.04")).containsEntry("modeCapExceeded", true);
        assertThat((BigDecimal) status.toWire().get("estimatedUsd")).isEqualByComparingTo("0.0228");
    }

    @Test
    void aCallExactlyAtTheCapIsAllowed() {
        BudgetGuard guard = BudgetGuard.builder(new BigDecimal("0.018"), PRICES).estimator(THOUSAND).build();

        guard.guard(FakeBackends.answering("m", "ok", new TokenUsage(1000, 1000)), "sonnet").chat(request());

        assertThat(guard.status().remainingUsd()).isEqualByComparingTo("0");
        assertThat(guard.status().capExceeded()).isFalse();
    }

    @Test
    void unreportedUsageIsChargedAtTheEstimate() {
        BudgetGuard guard = BudgetGuard.builder(BigDecimal.ONE, PRICES).estimator(THOUSAND).build();

        guard.guard(FakeBackends.answering("m", "ok", TokenUsage.UNKNOWN), "sonnet").chat(request());

        CallCost cost = guard.status().calls().get(0);
        assertThat(cost.estimated()).isTrue();
        assertThat(cost.usage()).isEqualTo(new TokenUsage(1000, 1000));
        assertThat(cost.costUsd()).isEqualByComparingTo("0.018");
    }

    @Test
    void aFailedCallIsChargedNothingAndReleasesItsReservation() {
        BudgetGuard guard = BudgetGuard.builder(new BigDecimal("0.02"), PRICES).estimator(THOUSAND).build();
        LlmBackend failing = guard.guard(FakeBackends.failing("m", new RetriableBackendException("m", "timed out", null)), "sonnet");

        assertThatThrownBy(() -> failing.chat(request())).isInstanceOf(RetriableBackendException.class);

        assertThat(guard.status().spentUsd()).isEqualByComparingTo("0");
        assertThat(guard.status().reservedUsd()).isEqualByComparingTo("0");
        assertThat(guard.status().calls()).isEmpty();
    }

    @Test
    void theDefaultEstimateUsesTheRequestTextAndTheDefaultOutput() {
        BudgetGuard guard = BudgetGuard.create(BigDecimal.ONE, PRICES);
        ChatRequest small = ChatRequest.ofUserMessage("x".repeat(300));

        // (300 + 2) / 3 + 4 = 104 input tokens, 1024 output tokens
        assertThat(guard.estimateUsd(small, "sonnet")).isEqualByComparingTo(ModelPrice.of("3", "15").cost(104, 1024));
        assertThat(guard.estimateUsd(small, "llama3.1")).isEqualByComparingTo("0");
    }

    @Test
    void anUnpricedModelCannotBeGuarded() {
        BudgetGuard guard = BudgetGuard.create(BigDecimal.ONE, PRICES);

        assertThatThrownBy(() -> guard.guard(FakeBackends.answering("m", "x", TokenUsage.UNKNOWN), "gpt-5"))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageStartingWith("model 'gpt-5' has no price");
    }

    @Test
    void concurrentCallsCannotPassTheCapTogether() throws Exception {
        BudgetGuard guard = BudgetGuard.builder(new BigDecimal("0.05"), PRICES).estimator(THOUSAND).build();
        CountDownLatch inside = new CountDownLatch(2);
        CountDownLatch release = new CountDownLatch(1);
        FakeBackends.Scripted slow = new FakeBackends.Scripted("m", r -> {
            inside.countDown();
            try {
                release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return dev.keel.core.spi.ChatReply.builder().text("ok").usage(new TokenUsage(1000, 1000)).backendId("m").build();
        }) {
            @Override
            public dev.keel.core.spi.ChatReply chat(ChatRequest request) {
                // not synchronized: two calls must be inside at once
                return answerOf(request);
            }
        };
        LlmBackend guarded = guard.guard(slow, "sonnet");
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<?>> running = new ArrayList<>();
            running.add(pool.submit(() -> guarded.chat(request())));
            running.add(pool.submit(() -> guarded.chat(request())));
            assertThat(inside.await(10, TimeUnit.SECONDS)).isTrue();
            // 0.036 reserved: a third 0.018 would pass 0.05
            assertThatThrownBy(() -> guarded.chat(request())).isInstanceOf(BudgetExceededException.class);
            release.countDown();
            for (Future<?> call : running) {
                call.get(10, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(guard.status().spentUsd()).isEqualByComparingTo("0.036");
    }

    @Test
    void whenUsageStaysWithinTheEstimateSpendingNeverPassesTheCap() {
        Gen<Integer> capsMicroUsd = Gen.integers(0, 2000);
        Gen<List<Integer>> outputTokens = Gen.integers(0, 1000).list().ofMaxSize(30);
        Property.forAll(capsMicroUsd, outputTokens).tries(200).check((capMicroUsd, outputs) -> {
            BudgetGuard guard = BudgetGuard.builder(BigDecimal.valueOf(capMicroUsd, 6), PRICES).estimator(r -> 10).build();
            for (int output : outputs) {
                LlmBackend backend = guard.guard(FakeBackends.answering("m", "ok", new TokenUsage(10, output)), "sonnet");
                try {
                    backend.chat(ChatRequest.builder().addMessage(ChatMessage.user("q")).maxOutputTokens(1000).build());
                } catch (BudgetExceededException refused) {
                    // refused calls are the point
                }
            }
            BudgetStatus status = guard.status();
            assertThat(status.spentUsd()).isLessThanOrEqualTo(status.capUsd());
            assertThat(status.calls().size() + status.refusedCalls()).isEqualTo(outputs.size());
            assertThat(status.capExceeded()).isEqualTo(status.refusedCalls() > 0);
        });
    }
}
