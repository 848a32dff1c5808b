package dev.keel.core.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.keel.core.BackendException;
import dev.keel.core.NonRetriableBackendException;
import dev.keel.core.RetriableBackendException;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * A decorator written once, on the stream: a chat call is its round over the wrapped backend's chat, collected, and a
 * streamed call its round over the wrapped backend's stream.
 */
class ForwardingBackendTest {

    private static final ChatRequest REQUEST = ChatRequest.ofUserMessage("Which beds are free?");

    /** A provider whose chat and stream are different requests on the wire: it records which one it was sent. */
    private static final class Provider implements LlmBackend {
        final List<String> asked = new ArrayList<>();
        final @Nullable BackendException failure;

        Provider(@Nullable BackendException failure) {
            this.failure = failure;
        }

        @Override
        public ChatReply chat(ChatRequest request) {
            asked.add("chat: " + request.messages().get(0).text());
            if (failure != null) {
                throw failure;
            }
            return ChatReply.builder().backendId("ward").text("Beds 4 and 10.").usage(new TokenUsage(7, 5)).build();
        }

        @Override
        public void stream(ChatRequest request, StreamSink sink, StreamHandle handle) {
            asked.add("stream: " + request.messages().get(0).text());
            sink.chunk("Beds 4 ");
            sink.chunk("and 10.");
            sink.complete(ChatReply.builder().backendId("ward").text("Beds 4 and 10.").usage(new TokenUsage(7, 5))
                    .build());
        }

        @Override
        public ChatRequest outgoing(ChatRequest request) {
            return ChatRequest.ofUserMessage("as sent: " + request.messages().get(0).text());
        }

        @Override
        public String id() {
            return "ward";
        }

        @Override
        public String toString() {
            return "Provider{ward}";
        }
    }

    /** Rewrites the request and keeps what each of its rounds ended with. */
    private static final class Prefixing extends ForwardingBackend {
        final List<String> rounds = new ArrayList<>();

        Prefixing(LlmBackend backend) {
            super(backend);
        }

        @Override
        protected void round(ChatRequest request, LlmBackend next, StreamSink sink, StreamHandle handle) {
            StreamAttempt attempt = StreamAttempt.run(next, ChatRequest.ofUserMessage("[ward 3] "
                    + request.messages().get(0).text()), sink, handle);
            rounds.add(attempt.reply().map(ChatReply::text).orElse("failed"));
            attempt.end();
        }
    }

    @Test
    void aChatCallIsTheRoundOverTheWrappedChatAndAStreamedCallTheRoundOverItsStream() {
        Provider provider = new Provider(null);
        Prefixing prefixing = new Prefixing(provider);
        HeardStream heard = new HeardStream();

        ChatReply called = prefixing.chat(REQUEST);
        prefixing.stream(REQUEST, heard);

        assertThat(provider.asked).containsExactly("chat: [ward 3] Which beds are free?",
                "stream: [ward 3] Which beds are free?");
        assertThat(prefixing.rounds).containsExactly("Beds 4 and 10.", "Beds 4 and 10.");
        assertThat(called.text()).isEqualTo("Beds 4 and 10.");
        assertThat(called.usage()).isEqualTo(new TokenUsage(7, 5));
        assertThat(heard.chunks).containsExactly("Beds 4 ", "and 10.");
        assertThat(heard.reply).isNotNull();
        assertThat(heard.reply.text()).isEqualTo(called.text());
    }

    @Test
    void aFailureOfTheWrappedChatIsThrownAsItIsAfterTheRoundSawIt() {
        RetriableBackendException busy = new RetriableBackendException("ward", "busy", 503, null, null);
        Prefixing prefixing = new Prefixing(new Provider(busy));

        BackendException thrown = catchThrowableOfType(() -> prefixing.chat(REQUEST), BackendException.class);

        assertThat(thrown).isSameAs(busy);
        assertThat(prefixing.rounds).containsExactly("failed");
    }

    @Test
    void aDecoratorThatChangesNothingForwardsEverything() {
        Provider provider = new Provider(null);
        LlmBackend plain = new ForwardingBackend(provider) {
        };
        HeardStream heard = new HeardStream();

        ChatReply reply = plain.chat(REQUEST);
        plain.stream(REQUEST, heard);

        assertThat(reply.text()).isEqualTo("Beds 4 and 10.");
        assertThat(heard.chunks).containsExactly("Beds 4 ", "and 10.");
        assertThat(provider.asked).containsExactly("chat: Which beds are free?", "stream: Which beds are free?");
        assertThat(plain.id()).isEqualTo("ward");
        assertThat(plain.outgoing(REQUEST).messages().get(0).text()).isEqualTo("as sent: Which beds are free?");
        assertThat(plain.toString()).endsWith("{Provider{ward}}");
    }

    @Test
    void aCollectedStreamGivesItsReplyOrThrowsItsFailureAsItIs() {
        NonRetriableBackendException refused = new NonRetriableBackendException("ward", "refused", null);
        ChatReply reply = ChatReply.builder().backendId("ward").text("Beds 4.").build();

        assertThat(StreamAttempt.collect("ward", (sink, handle) -> {
            sink.chunk("Beds 4.");
            sink.complete(reply);
        })).isSameAs(reply);
        assertThat(catchThrowableOfType(() -> StreamAttempt.collect("ward", (sink, handle) -> {
            sink.chunk("Beds");
            sink.fail(refused);
        }), BackendException.class)).isSameAs(refused);
        assertThatThrownBy(() -> StreamAttempt.collect("ward", (sink, handle) -> {
            throw new IllegalStateException("a programming error");
        })).isInstanceOf(IllegalStateException.class).hasMessage("a programming error");
    }

    @Test
    void aCollectedStreamThatEndsWithoutAnEndingIsAFailureOfItsBackend() {
        assertThatThrownBy(() -> StreamAttempt.collect("ward", (sink, handle) -> sink.chunk("half")))
                .isInstanceOf(NonRetriableBackendException.class)
                .hasMessage("backend 'ward' ended its stream with neither a reply nor a failure");
    }
}
