package dev.keel.core.spi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.BackendException;
import dev.keel.core.NonRetriableBackendException;
import dev.keel.core.RetriableBackendException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * Streaming through the SPI: every backend streams by default, and the fallback chain passes by a backend only while
 * nothing of its answer reached the caller.
 */
class FallbackChainStreamTest {

    private static final ChatRequest REQUEST = ChatRequest.ofUserMessage("Which beds are free?");

    /**
     * A backend that streams {@code chunks}, and fails with {@code failure} after {@code failAfter} of them (never when
     * {@code failAfter} is negative); counts its calls and keeps the requests it was sent.
     */
    private static final class Streaming implements LlmBackend {
        final String id;
        final List<String> chunks;
        final int failAfter;
        final List<ChatRequest> sent = new ArrayList<>();

        Streaming(String id, List<String> chunks, int failAfter) {
            this.id = id;
            this.chunks = chunks;
            this.failAfter = failAfter;
        }

        static Streaming answering(String id, String... chunks) {
            return new Streaming(id, List.of(chunks), -1);
        }

        static Streaming failingAfter(String id, int failAfter, String... chunks) {
            return new Streaming(id, List.of(chunks), failAfter);
        }

        @Override
        public ChatReply chat(ChatRequest request) {
            throw new AssertionError("a streamed call must not fall back to chat");
        }

        @Override
        public void stream(ChatRequest request, StreamSink sink, StreamHandle handle) {
            sent.add(request);
            for (int i = 0; i < chunks.size(); i++) {
                if (i == failAfter) {
                    break;
                }
                if (handle.isCancelled()) {
                    return;
                }
                sink.chunk(chunks.get(i));
            }
            if (handle.isCancelled()) {
                return;
            }
            if (failAfter >= 0) {
                sink.fail(new RetriableBackendException(id, "backend '" + id + "' stream broke", 503, null, null));
                return;
            }
            sink.complete(ChatReply.builder().backendId(id).text(String.join("", chunks))
                    .usage(new TokenUsage(3, chunks.size())).build());
        }

        @Override
        public String id() {
            return id;
        }
    }

    @Test
    void aBackendThatOnlyChatsStreamsItsWholeReplyAsOneChunk() {
        LlmBackend chatOnly = request -> ChatReply.builder().backendId("house").text("Beds 4 and 10 are free.")
                .usage(new TokenUsage(5, 7)).model("house-1").build();
        HeardStream heard = new HeardStream();

        chatOnly.stream(REQUEST, heard);

        assertThat(heard.chunks).containsExactly("Beds 4 and 10 are free.");
        assertThat(heard.reply).isNotNull();
        assertThat(heard.reply.usage()).isEqualTo(new TokenUsage(5, 7));
        assertThat(heard.reply.model()).contains("house-1");
        assertThat(heard.endings).isEqualTo(1);
    }

    @Test
    void anEmptyReplyIsNoChunkAndAFailureIsTheEnding() {
        HeardStream empty = new HeardStream();
        ((LlmBackend) request -> ChatReply.builder().backendId("house").text("").build()).stream(REQUEST, empty);
        assertThat(empty.chunks).isEmpty();
        assertThat(empty.reply).isNotNull();

        HeardStream failed = new HeardStream();
        RetriableBackendException busy = new RetriableBackendException("house", "backend 'house' busy", 503, null,
                null);
        ((LlmBackend) request -> {
            throw busy;
        }).stream(REQUEST, failed);
        assertThat(failed.chunks).isEmpty();
        assertThat(failed.failure).isSameAs(busy);
        assertThat(failed.endings).isEqualTo(1);
    }

    @Test
    void aCallCancelledBeforeItsReplyArrivedHearsNothing() {
        StreamHandle handle = StreamHandle.create();
        LlmBackend cancelledWhileWaiting = request -> {
            handle.cancel(); // the client went away while the model was thinking
            return ChatReply.builder().backendId("house").text("late").build();
        };
        HeardStream heard = new HeardStream();

        cancelledWhileWaiting.stream(REQUEST, heard, handle);

        assertThat(heard.chunks).isEmpty();
        assertThat(heard.endings).isZero();
    }

    @Test
    void aBackendFailingBeforeItsFirstChunkIsPassedByUnseen() {
        Streaming cloud = Streaming.failingAfter("cloud", 0, "never");
        Streaming house = Streaming.answering("house", "Beds 4 ", "and 10 ", "are free.");
        HeardStream heard = new HeardStream();

        Optional<ChainReply> reply = FallbackChain.of("cloud", List.of(cloud, house))
                .streamCall(REQUEST, heard, StreamHandle.create());

        assertThat(heard.chunks).containsExactly("Beds 4 ", "and 10 ", "are free.");
        assertThat(heard.reply).isNotNull();
        assertThat(heard.reply.text()).isEqualTo(String.join("", heard.chunks));
        assertThat(heard.endings).isEqualTo(1);
        assertThat(reply).isPresent();
        assertThat(reply.get().backendUsed()).isEqualTo("house");
        assertThat(reply.get().backendUsedReason())
                .contains("cloud failed (backend_retriable, HTTP 503); answered by house");
    }

    @Test
    void aBackendFailingAfterChunksEndsTheStreamWithItsFailureAndNoOtherBackendIsCalled() {
        Streaming cloud = Streaming.failingAfter("cloud", 2, "Beds 4 ", "and 10 ", "are free.");
        Streaming house = Streaming.answering("house", "Ask the ward desk.");
        HeardStream heard = new HeardStream();

        Optional<ChainReply> reply = FallbackChain.of("cloud", List.of(cloud, house))
                .streamCall(REQUEST, heard, StreamHandle.create());

        assertThat(reply).isEmpty();
        assertThat(heard.chunks).containsExactly("Beds 4 ", "and 10 ");
        assertThat(heard.failure).isNotNull();
        assertThat(heard.failure.backendId()).isEqualTo("cloud");
        assertThat(heard.reply).isNull();
        assertThat(house.sent).isEmpty();
    }

    @Test
    void whenEveryBackendFailsBeforeItsFirstChunkTheSinkHearsWhatCallWouldThrow() {
        Streaming cloud = Streaming.failingAfter("cloud", 0, "x");
        Streaming house = Streaming.failingAfter("house", 0, "y");
        HeardStream heard = new HeardStream();

        FallbackChain.of("cloud", List.of(cloud, house)).stream(REQUEST, heard);

        assertThat(heard.chunks).isEmpty();
        assertThat(heard.failure).isInstanceOf(RetriableBackendException.class);
        assertThat(heard.failure.backendId()).isEqualTo("cloud");
        assertThat(heard.failure.getMessage()).isEqualTo("every backend for target 'cloud' failed:"
                + " cloud (backend_retriable, HTTP 503); house (backend_retriable, HTTP 503)");
    }

    @Test
    void aSinkThatCancelsStopsTheChainWithoutAnEnding() {
        Streaming cloud = Streaming.answering("cloud", "one ", "two ", "three");
        Streaming house = Streaming.answering("house", "never");
        StreamHandle handle = StreamHandle.create();
        HeardStream heard = new HeardStream() {
            @Override
            public void chunk(String text) {
                super.chunk(text);
                handle.cancel(); // a scanner that has read enough
            }
        };

        Optional<ChainReply> reply = FallbackChain.of("cloud", List.of(cloud, house)).streamCall(REQUEST, heard,
                handle);

        assertThat(reply).isEmpty();
        assertThat(heard.chunks).containsExactly("one ");
        assertThat(heard.endings).isZero();
        assertThat(house.sent).isEmpty();
    }

    @Test
    void aGateThatChangesWhatIsSentGovernsAStreamedCallThroughItsOwnCall() {
        Streaming cloud = Streaming.answering("cloud", "Beds are free.");
        FallbackChain.Gate<Streaming> egress = (backend, request, because) -> {
            ChatRequest filtered = ChatRequest.ofUserMessage("Which beds are free for [redacted]?");
            backend.sent.add(filtered);
            return ChatReply.builder().backendId(backend.id).text("Beds are free.").build();
        };
        HeardStream heard = new HeardStream();

        FallbackChain.of("cloud", List.of(cloud), egress)
                .stream(ChatRequest.ofUserMessage("Which beds are free for MRN-4711?"), heard);

        assertThat(cloud.sent).extracting(request -> request.messages().get(0).text())
                .containsExactly("Which beds are free for [redacted]?");
        assertThat(heard.chunks).containsExactly("Beds are free.");
        assertThat(heard.reply).isNotNull();
    }

    @Test
    void whateverTheBackendsDoTheCallerHearsOneBackendsAnswerOrItsFailureNeverAMixture() {
        long seed = new Random().nextLong();
        Random random = new Random(seed);
        for (int round = 0; round < 500; round++) {
            List<Streaming> backends = new ArrayList<>();
            int size = 1 + random.nextInt(4);
            for (int b = 0; b < size; b++) {
                List<String> chunks = new ArrayList<>();
                int count = 1 + random.nextInt(4);
                for (int c = 0; c < count; c++) {
                    chunks.add("b" + b + "c" + c + " ");
                }
                int failAfter = random.nextInt(3) == 0 ? -1 : random.nextInt(count + 1);
                backends.add(new Streaming("b" + b, chunks, failAfter));
            }
            HeardStream heard = new HeardStream();
            String why = "seed " + seed + ", round " + round;

            Optional<ChainReply> reply = FallbackChain.of("b0", backends).streamCall(REQUEST, heard,
                    StreamHandle.create());

            assertThat(heard.endings).as(why).isEqualTo(1);
            int called = (int) backends.stream().filter(b -> !b.sent.isEmpty()).count();
            Streaming last = backends.get(called - 1);
            assertThat(backends.subList(0, called - 1)).as(why).allMatch(b -> b.failAfter == 0);
            int delivered = last.failAfter < 0 ? last.chunks.size() : last.failAfter;
            assertThat(heard.chunks).as(why).isEqualTo(last.chunks.subList(0, delivered));
            if (last.failAfter < 0) {
                assertThat(reply).as(why).isPresent();
                assertThat(reply.get().backendUsed()).as(why).isEqualTo(last.id);
                assertThat(heard.reply.text()).as(why).isEqualTo(String.join("", heard.chunks));
            } else {
                assertThat(reply).as(why).isEmpty();
                assertThat(heard.failure).as(why).isNotNull();
                assertThat(called == size || last.failAfter > 0).as(why).isTrue();
            }
        }
    }

    @Test
    void aBackendThatEndsWithoutAnEndingIsAFailureOfThatBackend() {
        LlmBackend silent = new LlmBackend() {
            @Override
            public ChatReply chat(ChatRequest request) {
                throw new AssertionError("not called");
            }

            @Override
            public void stream(ChatRequest request, StreamSink sink, StreamHandle handle) {
                sink.chunk("half");
            }

            @Override
            public String id() {
                return "silent";
            }
        };
        HeardStream heard = new HeardStream();

        FallbackChain.of("silent", List.of(silent)).stream(REQUEST, heard);

        assertThat(heard.chunks).containsExactly("half");
        assertThat(heard.failure).isInstanceOf(NonRetriableBackendException.class);
        assertThat(heard.failure.getMessage()).contains("silent").contains("neither a reply nor a failure");
    }
}
