package dev.keel.langchain4j;

import static dev.keel.test.core.CoreAssertions.assertThat;

import dev.keel.core.BackendException;
import dev.keel.core.RetriableBackendException;
import dev.keel.core.spi.HeardStream;
import dev.keel.core.spi.ChainReply;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.FallbackChain;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.StreamHandle;
import dev.keel.core.spi.StreamSink;
import dev.keel.core.spi.TokenUsage;
import dev.keel.models.BudgetGuard;
import dev.keel.models.Environment;
import dev.keel.models.ModelPrice;
import dev.keel.models.PriceTable;
import dev.keel.models.RecordingSleeper;
import dev.keel.models.RetryPolicy;
import dev.keel.models.config.ConfiguredBackends;
import dev.keel.models.config.LlmConfig;
import dev.keel.test.core.LoopbackModelServer;
import dev.keel.test.core.Reply;
import dev.keel.test.core.WireRequest;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Each provider's backend streaming from the loopback server in the provider's own wire format: chunks in order,
 * the usage read, a broken stream, cancellation down to the connection, retries and fallback before the first chunk.
 */
class StreamingWireTest {

    private static final String KEY = "sk-test-key-0123456789";
    private static final ChatRequest REQUEST = ChatRequest.ofUserMessage("Which beds are free?");

    /** A provider: how to build its backend for a model against the server. */
    enum Provider {
        OLLAMA, OPENAI, ANTHROPIC;

        ChatModelBackend backend(LoopbackModelServer server, String id, String model, Duration timeout) {
            switch (this) {
                case OLLAMA:
                    return OllamaBackends.create(id, model, server.baseUrl(), timeout);
                case OPENAI:
                    return OpenAiBackends.create(id, model, server.openAiBaseUrl(), KEY, timeout);
                default:
                    return AnthropicBackends.create(id, model, server.openAiBaseUrl() + "/", KEY, timeout);
            }
        }
    }

    private final LoopbackModelServer server = LoopbackModelServer.start();

    @AfterEach
    void stop() {
        server.close();
    }

    private ChatModelBackend backend(Provider provider) {
        return provider.backend(server, "cloud", "m1", Duration.ofSeconds(10));
    }

    private static List<String> manyChunks(int count) {
        List<String> chunks = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            chunks.add("word" + i + " ");
        }
        return chunks;
    }

    @ParameterizedTest
    @EnumSource(Provider.class)
    void chunksArriveInOrderOnTheCallersThreadAndJoinToTheReplyWithItsUsage(Provider provider) {
        server.then(Reply.chunks("Beds 4", " and 10", " are", " free.").withUsage(new TokenUsage(12, 5)));
        HeardStream heard = new HeardStream();

        backend(provider).stream(REQUEST, heard);

        assertThat(heard.failure).isNull();
        assertThat(heard.chunks).containsExactly("Beds 4", " and 10", " are", " free.");
        assertThat(heard.reply).isNotNull();
        assertThat(heard.reply.text()).isEqualTo("Beds 4 and 10 are free.");
        assertThat(heard.reply.usage()).isEqualTo(new TokenUsage(12, 5));
        assertThat(heard.reply.backendId()).isEqualTo("cloud");
        assertThat(heard.reply.model()).contains("m1");
        assertThat(heard.reply.finishReason()).contains("stop");
        assertThat(heard.threads).containsOnly(Thread.currentThread());
        WireRequest sent = server.requests().get(0);
        assertThat(sent.json()).containsEntry("stream", true);
        if (provider == Provider.OPENAI) {
            assertThat(sent.json()).containsEntry("stream_options", Map.of("include_usage", true));
        }
        assertThat(server).answeredEveryRequest();
    }

    @ParameterizedTest
    @EnumSource(Provider.class)
    void aStreamThatBreaksIsARetriableFailureAfterTheChunksAlreadyDelivered(Provider provider) {
        server.then(Reply.chunks("Beds 4", " and 10", " are free.").breakingAfter(2));
        HeardStream heard = new HeardStream();

        backend(provider).stream(REQUEST, heard);

        assertThat(heard.chunks).containsExactly("Beds 4", " and 10");
        assertThat(heard.reply).isNull();
        assertThat(heard.failure).isInstanceOf(RetriableBackendException.class);
        assertThat(heard.failure.backendId()).isEqualTo("cloud");
        assertThat(heard.failure.getMessage()).startsWith("backend 'cloud' ");
    }

    @ParameterizedTest
    @EnumSource(Provider.class)
    void cancellingClosesTheConnectionAndTheServerSeesIt(Provider provider) throws InterruptedException {
        List<String> chunks = manyChunks(300);
        server.then(Reply.chunks(chunks.toArray(String[]::new)).every(Duration.ofMillis(20)));
        StreamHandle handle = StreamHandle.create();
        HeardStream heard = new HeardStream() {
            @Override
            public void chunk(String text) {
                super.chunk(text);
                if (chunks.size() == 2) {
                    handle.cancel(); // a reader that has seen enough
                }
            }
        };

        backend(provider).stream(REQUEST, heard, handle);

        assertThat(heard.chunks).containsExactly("word0 ", "word1 ");
        assertThat(heard.reply).isNull();
        assertThat(heard.failure).isNull();
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (server.streamsClosedByClient().isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(server.streamsClosedByClient()).hasSize(1);
    }

    @ParameterizedTest
    @EnumSource(Provider.class)
    void aCancelFromAnotherThreadEndsTheCallAndClosesTheConnection(Provider provider) throws Exception {
        server.then(Reply.chunks(manyChunks(300).toArray(String[]::new)).every(Duration.ofMillis(20)));
        StreamHandle handle = StreamHandle.create();
        HeardStream heard = new HeardStream();
        Thread caller = new Thread(() -> backend(provider).stream(REQUEST, heard, handle));
        caller.start();

        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (server.requests().isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        handle.cancel(); // the client went away
        caller.join(Duration.ofSeconds(30).toMillis());
        while (server.streamsClosedByClient().isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }

        assertThat(caller.isAlive()).isFalse();
        assertThat(heard.reply).isNull();
        assertThat(heard.failure).isNull();
        assertThat(server.streamsClosedByClient()).hasSize(1);
    }

    @ParameterizedTest
    @EnumSource(Provider.class)
    void aBackendFailingBeforeItsFirstChunkFallsThroughToTheNext(Provider provider) {
        server.onModel("m1").reply(Reply.retriableFailure("overloaded"));
        server.onModel("m2").reply(Reply.chunks("Ask ", "the ward desk."));
        LlmBackend first = provider.backend(server, "cloud", "m1", Duration.ofSeconds(10));
        LlmBackend second = provider.backend(server, "house", "m2", Duration.ofSeconds(10));
        HeardStream heard = new HeardStream();

        ChainReply reply = FallbackChain.of("cloud", List.of(first, second))
                .streamCall(REQUEST, heard, StreamHandle.create()).orElseThrow();

        assertThat(heard.chunks).containsExactly("Ask ", "the ward desk.");
        assertThat(heard.reply).isNotNull();
        assertThat(reply.backendUsed()).isEqualTo("house");
        assertThat(reply.backendUsedReason())
                .contains("cloud failed (backend_retriable, HTTP 503); answered by house");
    }

    @ParameterizedTest
    @EnumSource(Provider.class)
    void aBackendFailingAfterItsFirstChunkIsAnErrorNotASwitch(Provider provider) {
        server.onModel("m1").reply(Reply.chunks("Beds 4", " and 10", " are free.").breakingAfter(1));
        server.onModel("m2").reply(Reply.chunks("Ask ", "the ward desk."));
        LlmBackend first = provider.backend(server, "cloud", "m1", Duration.ofSeconds(10));
        LlmBackend second = provider.backend(server, "house", "m2", Duration.ofSeconds(10));
        HeardStream heard = new HeardStream();

        FallbackChain.of("cloud", List.of(first, second)).stream(REQUEST, heard);

        assertThat(heard.chunks).containsExactly("Beds 4");
        assertThat(heard.failure).isNotNull();
        assertThat(heard.failure.backendId()).isEqualTo("cloud");
        assertThat(server.requests()).extracting(request -> request.model().orElseThrow()).containsExactly("m1");
    }

    @ParameterizedTest
    @EnumSource(Provider.class)
    void retriesHappenOnlyBeforeTheFirstChunk(Provider provider) {
        RecordingSleeper sleeper = new RecordingSleeper();
        LlmBackend retrying = new RetryPolicy(3, Duration.ofMillis(100), 2.0, Duration.ofSeconds(1))
                .wrap(backend(provider), sleeper);
        server.then(Reply.status(429, "slow down"), Reply.chunks("Beds ", "free."),
                Reply.chunks("Beds 4", " and 10").breakingAfter(1));
        HeardStream answered = new HeardStream();
        HeardStream broken = new HeardStream();

        retrying.stream(REQUEST, answered);
        retrying.stream(REQUEST, broken);

        assertThat(answered.chunks).containsExactly("Beds ", "free.");
        assertThat(answered.reply).isNotNull();
        assertThat(broken.chunks).containsExactly("Beds 4");
        assertThat(broken.failure).isInstanceOf(RetriableBackendException.class);
        assertThat(server.requests()).hasSize(3);
        assertThat(sleeper.waits()).containsExactly(Duration.ofMillis(100));
    }

    @ParameterizedTest
    @EnumSource(Provider.class)
    void aSilentStreamTimesOut(Provider provider) {
        server.then(Reply.chunks("late").every(Duration.ofSeconds(60)));
        HeardStream heard = new HeardStream();

        provider.backend(server, "cloud", "m1", Duration.ofMillis(500)).stream(REQUEST, heard);

        assertThat(heard.chunks).isEmpty();
        assertThat(heard.failure).isInstanceOf(RetriableBackendException.class);
        assertThat(heard.failure.getMessage()).isEqualTo("backend 'cloud' timed out: no part of the stream for 500 ms");
    }

    @ParameterizedTest
    @EnumSource(Provider.class)
    void aRefusalBeforeTheStreamQuotesNeitherTheProviderNorTheKey(Provider provider) {
        server.then(Reply.status(401, "invalid key " + KEY + "; revenue was 383.29 billion"));
        HeardStream heard = new HeardStream();

        backend(provider).stream(REQUEST, heard);

        assertThat(heard.failure).isNotNull();
        assertThat(heard.failure.getMessage()).isEqualTo("backend 'cloud' HTTP 401 authentication or permission"
                + " refused");
        assertThat(heard.failure.httpStatus()).hasValue(401);
        for (Throwable cause = heard.failure; cause != null; cause = cause.getCause()) {
            assertThat(String.valueOf(cause.getMessage())).doesNotContain(KEY);
        }
    }

    @Test
    void anOpenAiStreamThatEndsWithoutItsLastEventIsAFailureNotAShortAnswer() {
        server.then(Reply.http(200, "data: {\"id\":\"c1\",\"object\":\"chat.completion.chunk\",\"created\":1,"
                + "\"model\":\"m1\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Beds 4\"},"
                + "\"finish_reason\":null}]}\n\n"));
        HeardStream heard = new HeardStream();

        backend(Provider.OPENAI).stream(REQUEST, heard);

        assertThat(heard.chunks).containsExactly("Beds 4");
        assertThat(heard.reply).isNull();
        assertThat(heard.failure).isInstanceOf(RetriableBackendException.class);
        assertThat(heard.failure.getMessage()).isEqualTo("backend 'cloud' stream ended before the provider finished it");
    }

    @Test
    void aLeadingThinkBlockIsHeldBackAndRemovedAsChunksArrive() {
        server.then(Reply.chunks("  <thi", "nk>weigh the", " beds</think>", "\n", " Beds 4", " are free."));
        HeardStream heard = new HeardStream();

        backend(Provider.OLLAMA).stream(REQUEST, heard);

        assertThat(heard.chunks).containsExactly("Beds 4", " are free.");
        assertThat(heard.reply.text()).isEqualTo("Beds 4 are free.");
    }

    @Test
    void aGuardedStreamIsChargedTheUsageItReports() {
        server.then(Reply.chunks("Beds ", "free.").withUsage(new TokenUsage(1_000, 2_000)));
        BudgetGuard guard = BudgetGuard.create(new BigDecimal("1.00"), PriceTable.of(Map.of("m1",
                ModelPrice.of("1.00", "2.00"))));
        HeardStream heard = new HeardStream();

        ChatModelBackend backend = backend(Provider.OPENAI);
        guard.guard(backend, backend.modelName()).stream(REQUEST, heard);

        assertThat(heard.chunks).containsExactly("Beds ", "free.");
        assertThat(guard.status().calls()).singleElement().satisfies(call -> {
            assertThat(call.usage()).isEqualTo(new TokenUsage(1_000, 2_000));
            assertThat(call.estimated()).isFalse();
        });
        assertThat(guard.status().reservedUsd()).isZero();
    }

    @Test
    void aRoleOfTheConfigurationStreamsWhenItsProviderDoes() {
        server.then(Reply.chunks("Beds 4", " and 10", " are free."));
        LlmConfig config = LlmConfig.parse("""
                {"providers": {"lab": {"kind": "openai", "base_url": "%s"}},
                 "models": {"roles": {"writer": {"provider": "lab", "model": "KEEL_WRITER_MODEL"}}}}"""
                .formatted(server.openAiBaseUrl()));
        LlmBackend writer = ConfiguredBackends.create(config, Environment.of(Map.of("KEEL_WRITER_MODEL", "m1")))
                .backend("writer");
        HeardStream heard = new HeardStream();

        writer.stream(REQUEST, heard);

        assertThat(heard.chunks).containsExactly("Beds 4", " and 10", " are free.");
        assertThat(heard.reply.backendId()).isEqualTo("writer");
    }
}
