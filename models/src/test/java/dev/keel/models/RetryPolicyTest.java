package dev.keel.models;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.ConfigurationException;
import dev.keel.core.NonRetriableBackendException;
import dev.keel.core.RetriableBackendException;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.LlmBackend;
import dev.keel.test.properties.Gen;
import dev.keel.test.properties.Property;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class RetryPolicyTest {

    private static final ChatRequest REQUEST = ChatRequest.ofUserMessage("hi");

    @Test
    void backoffGrowsExponentiallyUpToTheCap() {
        RetryPolicy policy = new RetryPolicy(6, Duration.ofMillis(100), 2.0, Duration.ofMillis(500));

        assertThat(policy.delayBefore(2, Optional.empty())).isEqualTo(Duration.ofMillis(100));
        assertThat(policy.delayBefore(3, Optional.empty())).isEqualTo(Duration.ofMillis(200));
        assertThat(policy.delayBefore(4, Optional.empty())).isEqualTo(Duration.ofMillis(400));
        assertThat(policy.delayBefore(5, Optional.empty())).isEqualTo(Duration.ofMillis(500));
    }

    @Test
    void aRequestedDelayLengthensTheWaitButNotPastTheCap() {
        RetryPolicy policy = new RetryPolicy(3, Duration.ofMillis(100), 2.0, Duration.ofSeconds(2));

        assertThat(policy.delayBefore(2, Optional.of(Duration.ofMillis(700)))).isEqualTo(Duration.ofMillis(700));
        assertThat(policy.delayBefore(2, Optional.of(Duration.ofSeconds(30)))).isEqualTo(Duration.ofSeconds(2));
        assertThat(policy.delayBefore(2, Optional.of(Duration.ofMillis(10)))).isEqualTo(Duration.ofMillis(100));
    }

    @Test
    void delaysAreBoundedAndNeverShrink() {
        Gen<Integer> attempts = Gen.integers(2, 19);
        Gen<Integer> initialMillis = Gen.integers(0, 10_000);
        Gen<Integer> maxMillis = Gen.integers(0, 60_000);
        Gen<Integer> multiplierTenths = Gen.integers(10, 100);
        Property.forAll(attempts, initialMillis, maxMillis, multiplierTenths).tries(1000)
                .check((attempt, initialMs, maxMs, tenths) -> {
                    RetryPolicy policy = new RetryPolicy(20, Duration.ofMillis(initialMs), tenths / 10.0,
                            Duration.ofMillis(maxMs));

                    Duration delay = policy.delayBefore(attempt, Optional.empty());

                    assertThat(delay).isBetween(Duration.ZERO, Duration.ofMillis(maxMs));
                    assertThat(policy.delayBefore(attempt + 1, Optional.empty())).isGreaterThanOrEqualTo(delay);
                });
    }

    @Test
    void retriesOnlyRetriableFailuresAndStopsAtTheBound() {
        AtomicInteger calls = new AtomicInteger();
        LlmBackend alwaysBusy = request -> {
            calls.incrementAndGet();
            throw new RetriableBackendException("busy", "backend 'busy' HTTP 503 server error", null);
        };
        RecordingSleeper sleeper = new RecordingSleeper();

        assertThatThrownBy(() -> new RetryPolicy(4, Duration.ofMillis(1), 1.0, Duration.ofMillis(1)).wrap(alwaysBusy, sleeper).chat(REQUEST))
                .isInstanceOf(RetriableBackendException.class)
                .hasMessageEndingWith("(gave up after 4 attempts)");
        assertThat(calls).hasValue(4);
        assertThat(sleeper.waits()).hasSize(3);

        calls.set(0);
        LlmBackend refusing = request -> {
            calls.incrementAndGet();
            throw new NonRetriableBackendException("auth", "HTTP 401", null);
        };
        assertThatThrownBy(() -> RetryPolicy.DEFAULT.wrap(refusing, sleeper).chat(REQUEST)).isInstanceOf(NonRetriableBackendException.class);
        assertThat(calls).hasValue(1);
    }

    @Test
    void anInterruptedWaitStopsRetryingAndKeepsTheInterrupt() {
        LlmBackend busy = request -> {
            throw new RetriableBackendException("busy", "timed out", null);
        };
        Sleeper interrupted = duration -> {
            throw new InterruptedException();
        };
        try {
            assertThatThrownBy(() -> RetryPolicy.DEFAULT.wrap(busy, interrupted).chat(REQUEST))
                    .isInstanceOf(NonRetriableBackendException.class)
                    .hasMessageContaining("interrupted while waiting to retry");
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
        } finally {
            Thread.interrupted();
        }
    }

    @Test
    void oneAttemptLeavesTheBackendUnwrapped() {
        LlmBackend backend = request -> ChatReply.builder().text("x").backendId("b").build();

        assertThat(RetryPolicy.NONE.wrap(backend, Sleeper.system())).isSameAs(backend);
    }

    @Test
    void invalidPoliciesAreRefused() {
        assertThatThrownBy(() -> new RetryPolicy(0, Duration.ZERO, 1, Duration.ZERO)).isInstanceOf(ConfigurationException.class);
        assertThatThrownBy(() -> new RetryPolicy(3, Duration.ZERO, 0.5, Duration.ZERO)).isInstanceOf(ConfigurationException.class);
        assertThatThrownBy(() -> new RetryPolicy(3, Duration.ofMillis(-1), 1, Duration.ZERO)).isInstanceOf(ConfigurationException.class);
        assertThatThrownBy(() -> new RetryPolicy(3, Duration.ZERO, Double.NaN, Duration.ZERO)).isInstanceOf(ConfigurationException.class);
    }
}
