package dev.keel.models;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.keel.core.BackendException;
import dev.keel.core.ConfigurationException;
import dev.keel.core.Decision;
import dev.keel.core.NonRetriableBackendException;
import dev.keel.core.Principal;
import dev.keel.core.Provenance;
import dev.keel.core.RetriableBackendException;
import dev.keel.core.spi.BackendFailure;
import dev.keel.core.spi.ChainReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.FallbackChain;
import dev.keel.core.spi.TokenUsage;
import dev.keel.models.reasoning.EmbeddedBackend;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FallbackChainTest {

    private static final ChatRequest REQUEST = ChatRequest.ofUserMessage("Compare the calendars.");

    @Test
    void theTargetAnsweringIsRecordedWithoutAReason() {
        FakeBackends.Scripted llama = FakeBackends.answering("llama", "from llama", new TokenUsage(10, 5));
        FallbackChain chain = FallbackChain.of("llama", List.of(llama, EmbeddedBackend.create()));

        ChainReply reply = chain.call(REQUEST);

        assertThat(reply.backendTarget()).isEqualTo("llama");
        assertThat(reply.backendUsed()).isEqualTo("llama");
        assertThat(reply.backendUsedReason()).isEmpty();
        assertThat(reply.fellBack()).isFalse();
        assertThat(chain.chat(REQUEST).text()).isEqualTo("from llama");
    }

    @Test
    void aFailedExternalFallsBackToTheInternalAndSaysWhy() {
        // A host's backend that put the provider's text in its message: the reason never repeats it.
        FakeBackends.Scripted llama = FakeBackends.failing("llama", new RetriableBackendException("llama",
                "upstream said: revenue was 383.29 billion", 503, null, null));
        FakeBackends.Scripted internal = FakeBackends.answering("internal_chatgpt", "internal answer", TokenUsage.UNKNOWN);

        ChainReply reply = FallbackChain.of("llama", List.of(llama, internal)).call(REQUEST);

        assertThat(reply.reply().text()).isEqualTo("internal answer");
        assertThat(reply.backendTarget()).isEqualTo("llama");
        assertThat(reply.backendUsed()).isEqualTo("internal_chatgpt");
        assertThat(reply.backendUsedReason()).contains("llama failed (backend_retriable, HTTP 503); answered by"
                + " internal_chatgpt");
        assertThat(reply.failures()).extracting(BackendFailure::backendId).containsExactly("llama");
        assertThat(reply.failures().get(0).toWire()).containsEntry("http_status", 503).doesNotContainKey("message");
        assertThat(llama.requests()).hasSize(1);

        Provenance provenance = reply.applyTo(Provenance.builder()
                .principal(Principal.of("planner", "secret")).decision(Decision.ALLOW)).build();
        Map<String, Object> wire = provenance.toWire();
        assertThat(wire).containsEntry("backend_target", "llama").containsEntry("backend_used", "internal_chatgpt");
        assertThat((String) wire.get("backend_used_reason")).startsWith("llama failed (backend_retriable")
                .doesNotContain("383.29", "upstream");
    }

    @Test
    void anEmbeddedInternalIsReportedAsWhatItIs() {
        ChainReply reply = FallbackChain.of("internal_chatgpt", List.of(EmbeddedBackend.create())).call(REQUEST);

        assertThat(reply.backendUsed()).isEqualTo("embedded_extractive");
        assertThat(reply.backendUsedReason()).contains("internal_chatgpt is served by embedded_extractive");
    }

    @Test
    void aBudgetRefusalFallsBackLikeAFailure() {
        BudgetGuard guard = BudgetGuard.create(new BigDecimal("0.0001"),
                PriceTable.of(Map.of("claude", ModelPrice.of("3", "15"))));
        FakeBackends.Scripted expensive = FakeBackends.answering("master", "expensive", new TokenUsage(100, 100));

        ChainReply reply = FallbackChain.of("master", List.of(guard.guard(expensive, "claude"), EmbeddedBackend.create())).call(REQUEST);

        assertThat(expensive.requests()).isEmpty();
        assertThat(reply.backendUsed()).isEqualTo("embedded_extractive");
        assertThat(reply.failures()).extracting(BackendFailure::code).containsExactly("budget_exceeded");
        assertThat(guard.status().capExceeded()).isTrue();
    }

    @Test
    void whenEveryBackendFailsTheErrorIsRetriableOnlyIfEveryFailureWas() {
        FakeBackends.Scripted busy = FakeBackends.failing("llama", new RetriableBackendException("llama", "timed out", null));
        FakeBackends.Scripted down = FakeBackends.failing("deepseek", new RetriableBackendException("deepseek", "refused", null));
        FakeBackends.Scripted auth = FakeBackends.failing("gpt", new NonRetriableBackendException("gpt", "HTTP 401", null));

        BackendException retriable = catchThrowableOfType(BackendException.class,
                () -> FallbackChain.of("llama", List.of(busy, down)).call(REQUEST));
        assertThat(retriable).isInstanceOf(RetriableBackendException.class);
        assertThat(retriable.backendId()).isEqualTo("llama");
        assertThat(retriable.getMessage()).isEqualTo("every backend for target 'llama' failed: llama (backend_retriable);"
                + " deepseek (backend_retriable)");
        assertThat(retriable.getSuppressed()).hasSize(1);

        assertThatThrownBy(() -> FallbackChain.of("llama", List.of(busy, auth)).call(REQUEST))
                .isInstanceOf(NonRetriableBackendException.class);
    }

    @Test
    void aChainNeedsABackend() {
        assertThatThrownBy(() -> FallbackChain.of("x", List.of())).isInstanceOf(ConfigurationException.class);
    }
}
