package dev.keel.test.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.BackendException;
import dev.keel.core.NonRetriableBackendException;
import dev.keel.core.RetriableBackendException;
import dev.keel.core.spi.HeardStream;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.StreamHandle;
import dev.keel.core.spi.StreamSink;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/** A scripted backend streams what it is scripted to answer: the same script for chat and for streams. */
class ScriptedBackendStreamTest {

    private static final ChatRequest REQUEST = ChatRequest.ofUserMessage("Which beds are free?");

    @Test
    void scriptedChunksStreamInOrderAndJoinToTheReply() {
        ScriptedBackend cloud = ScriptedBackend.named("cloud").then(Reply.chunks("Beds 4", " and 10", " are free."),
                Reply.chunks("Beds 4", " and 10", " are free."));
        HeardStream heard = new HeardStream();

        cloud.stream(REQUEST, heard);

        assertThat(heard.chunks).containsExactly("Beds 4", " and 10", " are free.");
        assertThat(heard.reply).isNotNull();
        assertThat(heard.reply.text()).isEqualTo("Beds 4 and 10 are free.");
        assertThat(heard.reply.backendId()).isEqualTo("cloud");
        assertThat(cloud.chat(REQUEST).text()).isEqualTo("Beds 4 and 10 are free.");
    }

    @Test
    void aBreakingReplyFailsAfterItsChunksAndAFailureBeforeAny() {
        ScriptedBackend cloud = ScriptedBackend.named("cloud").then(
                Reply.chunks("Beds 4", " and 10", " are free.").breakingAfter(1), Reply.nonRetriableFailure("no"));
        HeardStream broken = new HeardStream();
        HeardStream refused = new HeardStream();

        cloud.stream(REQUEST, broken);
        cloud.stream(REQUEST, refused);

        assertThat(broken.chunks).containsExactly("Beds 4");
        assertThat(broken.failure).isInstanceOf(RetriableBackendException.class);
        assertThat(broken.reply).isNull();
        assertThat(refused.chunks).isEmpty();
        assertThat(refused.failure).isInstanceOf(NonRetriableBackendException.class);
        assertThat(cloud.requests()).hasSize(2);
    }

    @Test
    void aCancelledStreamStopsBetweenChunksWithoutAnEnding() {
        ScriptedBackend cloud = ScriptedBackend.named("cloud").then(Reply.chunks("one ", "two ", "three"));
        StreamHandle handle = StreamHandle.create();
        HeardStream heard = new HeardStream() {
            @Override
            public void chunk(String text) {
                super.chunk(text);
                handle.cancel();
            }
        };

        cloud.stream(REQUEST, heard, handle);

        assertThat(heard.chunks).containsExactly("one ");
        assertThat(heard.reply).isNull();
        assertThat(heard.failure).isNull();
    }
}
