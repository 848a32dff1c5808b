package dev.keel.core.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.keel.core.BackendException;
import dev.keel.core.NonRetriableBackendException;
import dev.keel.core.RetriableBackendException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The chain's gate: backends passed over are never called and are named in the reason, in chain order. */
class FallbackChainGateTest {

    private static final ChatRequest REQUEST = ChatRequest.ofUserMessage("Which beds are free?");

    /** A backend that answers, or fails with {@code failure}, and counts its calls. */
    private static class Counted implements LlmBackend {
        final String id;
        final BackendException failure;
        int calls;

        Counted(String id, BackendException failure) {
            this.id = id;
            this.failure = failure;
        }

        @Override
        public ChatReply chat(ChatRequest request) {
            calls++;
            if (failure != null) {
                throw failure;
            }
            return ChatReply.builder().backendId(id).text("from " + id).build();
        }

        @Override
        public String id() {
            return id;
        }
    }

    /** Passes over the backends whose id starts with "cloud"; records why each called backend was called. */
    private static final class InsideOnly implements FallbackChain.Gate<Counted> {
        final List<String> calledBecause = new ArrayList<>();

        @Override
        public Optional<String> passOver(Counted backend, ChatRequest request) {
            return backend.id.startsWith("cloud") ? Optional.of("external target " + backend.id + " was not called")
                    : Optional.empty();
        }

        @Override
        public ChatReply call(Counted backend, ChatRequest request, Optional<String> because) {
            calledBecause.add(backend.id + ": " + because.orElse("-"));
            return backend.chat(request);
        }
    }

    @Test
    void aPassedOverBackendIsNeverCalledAndTheReasonSaysSoInOrder() {
        Counted cloud = new Counted("cloud", null);
        Counted ward = new Counted("ward", new RetriableBackendException("ward", "busy", 503, null, null));
        Counted house = new Counted("house", null);
        InsideOnly gate = new InsideOnly();

        ChainReply reply = FallbackChain.of("cloud", List.of(cloud, ward, house), gate).call(REQUEST);

        assertThat(cloud.calls).isZero();
        assertThat(reply.backendUsed()).isEqualTo("house");
        assertThat(reply.backendUsedReason()).contains("external target cloud was not called; ward failed"
                + " (backend_retriable, HTTP 503); answered by house");
        assertThat(gate.calledBecause).containsExactly("ward: external target cloud was not called",
                "house: external target cloud was not called; ward failed (backend_retriable, HTTP 503)");
        assertThat(reply.failures()).extracting(BackendFailure::backendId).containsExactly("ward");
    }

    @Test
    void whatTheChainWouldSendIsWhatItsFirstBackendNotPassedOverWouldSend() {
        LlmBackend cloud = new Counted("cloud", null) {
            @Override
            public ChatRequest outgoing(ChatRequest request) {
                return ChatRequest.ofUserMessage("cloud's");
            }
        };
        LlmBackend house = new Counted("house", null) {
            @Override
            public ChatRequest outgoing(ChatRequest request) {
                return ChatRequest.ofUserMessage("house's");
            }
        };
        FallbackChain.Gate<LlmBackend> insideOnly = new FallbackChain.Gate<>() {
            @Override
            public Optional<String> passOver(LlmBackend backend, ChatRequest request) {
                return backend.id().equals("cloud") ? Optional.of("kept inside") : Optional.empty();
            }

            @Override
            public ChatReply call(LlmBackend backend, ChatRequest request, Optional<String> because) {
                return backend.chat(request);
            }
        };

        assertThat(FallbackChain.of("cloud", List.of(cloud, house), insideOnly).outgoing(REQUEST).messages().get(0)
                .text()).isEqualTo("house's");
        assertThat(FallbackChain.of("cloud", List.of(cloud, house)).outgoing(REQUEST).messages().get(0).text())
                .isEqualTo("cloud's");
    }

    @Test
    void whenEveryBackendIsPassedOverNoneIsCalledAndTheFailureSaysWhy() {
        Counted cloud = new Counted("cloud", null);

        BackendException failure = catchThrowableOfType(() -> FallbackChain.of("cloud", List.of(cloud),
                new InsideOnly()).call(REQUEST), BackendException.class);

        assertThat(cloud.calls).isZero();
        assertThat(failure).isInstanceOf(NonRetriableBackendException.class);
        assertThat(failure.getMessage()).isEqualTo("no backend for target 'cloud' may be called: external target"
                + " cloud was not called");
    }

    @Test
    void whenTheOneBackendCalledFailsItsOwnFailureIsThrown() {
        RetriableBackendException busy = new RetriableBackendException("ward", "busy", 503, null, null);

        BackendException failure = catchThrowableOfType(() -> FallbackChain.of("cloud", List.of(
                new Counted("cloud", null), new Counted("ward", busy)), new InsideOnly()).call(REQUEST),
                BackendException.class);

        assertThat(failure).isSameAs(busy);
    }
}
