package dev.keel.models;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.BackendException;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.StreamSink;
import dev.keel.core.spi.TokenUsage;
import dev.keel.test.core.Reply;
import dev.keel.test.core.ScriptedBackend;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/** The budget guard over streams: what a stream that completed, broke or was refused costs. */
class StreamingWrappersTest {

    private static final ChatRequest REQUEST = ChatRequest.builder()
            .addMessage(dev.keel.core.spi.ChatMessage.user("Which beds are free?")).maxOutputTokens(100).build();

    private static final class Heard implements StreamSink {
        final List<String> chunks = new ArrayList<>();
        @Nullable ChatReply reply;
        @Nullable BackendException failure;

        @Override
        public void chunk(String text) {
            chunks.add(text);
        }

        @Override
        public void complete(ChatReply reply) {
            this.reply = reply;
        }

        @Override
        public void fail(BackendException failure) {
            this.failure = failure;
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
        Heard heard = new Heard();

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
        Heard failed = new Heard();
        Heard refused = new Heard();

        guard.guard(cloud, "m1").stream(REQUEST, failed);
        guard("0").guard(cloud, "m1").stream(REQUEST, refused);

        assertThat(failed.failure).isNotNull();
        assertThat(guard.status().calls()).isEmpty();
        assertThat(refused.failure).isInstanceOf(BudgetExceededException.class);
        assertThat(refused.chunks).isEmpty();
        assertThat(cloud.requests()).hasSize(1);
    }
}
