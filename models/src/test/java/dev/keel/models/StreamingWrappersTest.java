package dev.keel.models;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.BackendException;
import dev.keel.core.RetriableBackendException;
import dev.keel.core.spi.HeardStream;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.StreamHandle;
import dev.keel.core.spi.StreamSink;
import dev.keel.core.spi.TokenUsage;
import dev.keel.test.core.Reply;
import dev.keel.test.core.ScriptedBackend;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * The budget guard and retries over streams: what a stream that completed, broke or was refused costs, and a call
 * retried and charged as its stream is.
 */
class StreamingWrappersTest {

    private static final ChatRequest REQUEST = ChatRequest.builder()
            .addMessage(dev.keel.core.spi.ChatMessage.user("Which beds are free?")).maxOutputTokens(100).build();

    /**
     * A provider busy at its first request of each kind, then answering; a chat request and a streamed one are
     * different requests on its wire, so it counts each kind.
     */
    private static final class BusyOnce implements LlmBackend {
        int chats;
        int streams;

        private static ChatReply answer() {
            return ChatReply.builder().backendId("cloud").text("Beds 4 and 10.").usage(new TokenUsage(40, 12))
                    .model("m1").build();
        }

        private static RetriableBackendException busy() {
            return new RetriableBackendException("cloud", "busy", 503, null, null);
        }

        @Override
        public ChatReply chat(ChatRequest request) {
            if (++chats == 1) {
                throw busy();
            }
            return answer();
        }

        @Override
        public void stream(ChatRequest request, StreamSink sink, StreamHandle handle) {
            if (++streams == 1) {
                sink.fail(busy());
                return;
            }
            sink.chunk("Beds 4 ");
            sink.chunk("and 10.");
            sink.complete(answer());
        }

        @Override
        public String id() {
            return "cloud";
        }
    }

    private static BudgetGuard guard(String capUsd) {
        return BudgetGuard.create(new BigDecimal(capUsd), PriceTable.of(Map.of("m1", ModelPrice.of("1000", "1000"))));
    }

    @Test
    void aStreamThatBreaksAfterChunksIsChargedItsEstimate() {
        BudgetGuard guard = guard("10");
        ScriptedBackend cloud = ScriptedBackend.named("cloud")
                .then(Reply.chunks("Beds 4", " and 10").breakingAfter(1).withUsage(new TokenUsage(1, 1)));
        HeardStream heard = new HeardStream();

        guard.guard(cloud, "m1").stream(REQUEST, heard);

        assertThat(heard.chunks).containsExactly("Beds 4");
        assertThat(heard.failure).isNotNull();
        assertThat(guard.status().calls()).singleElement().satisfies(call -> {
            assertThat(call.estimated()).isTrue();
            assertThat(call.costUsd()).isEqualByComparingTo(guard.estimateUsd(REQUEST, "m1"));
        });
        assertThat(guard.status().reservedUsd()).isZero();
    }

    @Test
    void aStreamThatFailsBeforeAnyChunkCostsNothingAndARefusalIsTheSinksFailure() {
        BudgetGuard guard = guard("10");
        ScriptedBackend cloud = ScriptedBackend.named("cloud").then(Reply.retriableFailure("busy"));
        HeardStream failed = new HeardStream();
        HeardStream refused = new HeardStream();

        guard.guard(cloud, "m1").stream(REQUEST, failed);
        guard("0").guard(cloud, "m1").stream(REQUEST, refused);

        assertThat(failed.failure).isNotNull();
        assertThat(guard.status().calls()).isEmpty();
        assertThat(refused.failure).isInstanceOf(BudgetExceededException.class);
        assertThat(refused.chunks).isEmpty();
        assertThat(cloud.requests()).hasSize(1);
    }

    @Test
    void aCallIsRetriedAndChargedAsItsStreamIsAndNeverStreamsTheProvider() {
        RetryPolicy twice = new RetryPolicy(2, Duration.ZERO, 1.0, Duration.ZERO);
        BudgetGuard calledGuard = guard("10");
        BudgetGuard streamedGuard = guard("10");
        BusyOnce called = new BusyOnce();
        BusyOnce streamed = new BusyOnce();
        HeardStream heard = new HeardStream();

        ChatReply reply = calledGuard.guard(twice.wrap(called, duration -> { }), "m1").chat(REQUEST);
        streamedGuard.guard(twice.wrap(streamed, duration -> { }), "m1").stream(REQUEST, heard);

        assertThat(called.chats).isEqualTo(2);
        assertThat(called.streams).isZero();
        assertThat(streamed.streams).isEqualTo(2);
        assertThat(streamed.chats).isZero();
        assertThat(heard.chunks).containsExactly("Beds 4 ", "and 10.");
        assertThat(heard.reply).isNotNull();
        assertThat(heard.reply.text()).isEqualTo(reply.text());
        assertThat(streamedGuard.status().calls()).isEqualTo(calledGuard.status().calls())
                .singleElement().satisfies(call -> {
                    assertThat(call.estimated()).isFalse();
                    assertThat(call.usage()).isEqualTo(new TokenUsage(40, 12));
                });
        assertThat(streamedGuard.status().spentUsd()).isEqualByComparingTo(calledGuard.status().spentUsd());
    }
}
