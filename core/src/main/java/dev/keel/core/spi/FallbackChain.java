package dev.keel.core.spi;

import dev.keel.core.BackendException;
import dev.keel.core.ConfigurationException;
import dev.keel.core.NonRetriableBackendException;
import dev.keel.core.RetriableBackendException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keel's one fallback: backends tried in order (typically the target first, an internal backend last) until one
 * answers. Each backend is called once (retries belong inside it); a {@link dev.keel.core.BackendException} of any
 * kind, a budget refusal included, moves on to the next. A {@link Gate} may pass over backends that must not be
 * sent a request (the governed call passes over every external backend when a request must stay in the house) and
 * decides how each backend is called. The {@link ChainReply} records {@code backend_target}, the
 * {@code backend_used} that really answered and why they differ, in the same words wherever a chain is used:
 * {@code llama failed (backend_retriable, HTTP 503); answered by internal}.
 *
 * <p>When the one backend called fails, its failure is thrown as it is. When several were called and every one
 * failed, the chain throws a {@link RetriableBackendException} if every failure was retriable, else a
 * {@link NonRetriableBackendException}, with the target as its backend; its message lists each failure by code and
 * status, and the others are attached as suppressed exceptions. When every backend is passed over, it throws a
 * {@link NonRetriableBackendException} that says why.
 *
 * <p>Streamed ({@link #streamCall}), a backend that fails before its first chunk is passed by in the same way; one
 * that fails after chunks reached the caller ends the stream with its failure, since switching backends would join
 * two answers into one.
 *
 * <p>Immutable; not pure (it calls backends); thread-safe when its backends and gate are.
 */
public final class FallbackChain implements LlmBackend {

    private static final Logger LOG = LoggerFactory.getLogger(FallbackChain.class);

    /**
     * Decides, for one request, which backends of a chain may be called and calls them. Implementations must be
     * thread-safe when the chain is shared.
     *
     * @param <B> the backends of the chain
     */
    public interface Gate<B extends LlmBackend> {

        /** Every backend may be called, with the request as it is. */
        static <B extends LlmBackend> Gate<B> open() {
            return new Gate<>() {
                @Override
                public ChatReply call(B backend, ChatRequest request, Optional<String> calledBecause) {
                    return backend.chat(request);
                }

                @Override
                public void stream(B backend, ChatRequest request, Optional<String> calledBecause, StreamSink sink,
                                   StreamHandle handle) {
                    backend.stream(request, sink, handle);
                }
            };
        }

        /**
         * Why {@code backend} must not be sent {@code request}, in words for {@code backend_used_reason}; empty when
         * it may. A backend passed over is not called.
         */
        default Optional<String> passOver(B backend, ChatRequest request) {
            return Optional.empty();
        }

        /**
         * Calls {@code backend}.
         *
         * @param calledBecause why this backend is called and not the one before it (each backend passed over or
         *                      failed so far); empty for the chain's first backend
         * @throws BackendException when the backend fails
         */
        ChatReply call(B backend, ChatRequest request, Optional<String> calledBecause);

        /**
         * Streams {@code request} from {@code backend} into {@code sink}, as
         * {@link LlmBackend#stream(ChatRequest, StreamSink, StreamHandle)} does. The default goes through
         * {@link #call} and gives its reply as one chunk, so a gate that changes what a backend is sent (the
         * egress-filtered request) or records its calls governs a streamed call as it governs any other until it
         * streams itself: nothing reaches a backend around it.
         */
        default void stream(B backend, ChatRequest request, Optional<String> calledBecause, StreamSink sink,
                            StreamHandle handle) {
            throughCall(this, backend, request, calledBecause, sink, handle);
        }
    }

    /** One backend with the gate's decisions bound to it. */
    private interface Link {
        LlmBackend backend();

        Optional<String> passOver(ChatRequest request);

        /**
         * Streams {@code request} from the backend through the gate: through the gate's {@code stream} when
         * {@code streamed}, else through its {@code call}, the reply as one chunk.
         */
        void round(ChatRequest request, Optional<String> calledBecause, boolean streamed, StreamSink sink,
                   StreamHandle handle);
    }

    private final String backendTarget;
    private final List<Link> links;

    private FallbackChain(String backendTarget, List<Link> links) {
        this.backendTarget = Objects.requireNonNull(backendTarget, "backendTarget");
        this.links = List.copyOf(links);
        if (this.links.isEmpty()) {
            throw new ConfigurationException("a fallback chain needs at least one backend");
        }
    }

    /**
     * A chain for {@code backendTarget} over {@code backends} (at least one), tried first to last, each called as it
     * is.
     *
     * @throws ConfigurationException when {@code backends} is empty
     */
    public static FallbackChain of(String backendTarget, List<? extends LlmBackend> backends) {
        return of(backendTarget, List.<LlmBackend>copyOf(backends), Gate.open());
    }

    /**
     * A chain for {@code backendTarget} over {@code backends} (at least one), tried first to last through
     * {@code gate}.
     *
     * @throws ConfigurationException when {@code backends} is empty
     */
    public static <B extends LlmBackend> FallbackChain of(String backendTarget, List<B> backends,
                                                          Gate<? super B> gate) {
        Objects.requireNonNull(gate, "gate");
        List<Link> links = new ArrayList<>(backends.size());
        for (B backend : backends) {
            Objects.requireNonNull(backend, "backend");
            links.add(new Link() {
                @Override
                public LlmBackend backend() {
                    return backend;
                }

                @Override
                public Optional<String> passOver(ChatRequest request) {
                    return gate.passOver(backend, request);
                }

                @Override
                public void round(ChatRequest request, Optional<String> calledBecause, boolean streamed,
                                  StreamSink sink, StreamHandle handle) {
                    if (streamed) {
                        gate.stream(backend, request, calledBecause, sink, handle);
                    } else {
                        throughCall(gate, backend, request, calledBecause, sink, handle);
                    }
                }
            });
        }
        return new FallbackChain(backendTarget, links);
    }

    /** Streams {@code request} from {@code backend} through the gate's {@code call}: its reply as one chunk. */
    private static <B extends LlmBackend> void throughCall(Gate<? super B> gate, B backend, ChatRequest request,
                                                           Optional<String> calledBecause, StreamSink sink,
                                                           StreamHandle handle) {
        LlmBackend called = asked -> gate.call(backend, asked, calledBecause);
        called.stream(request, sink, handle);
    }

    /** {@code steps} joined as a reason states them; empty when there are none. */
    static Optional<String> detour(List<String> steps) {
        return steps.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", steps));
    }

    /**
     * Tries the backends in order and tells who answered: the loop of {@link #streamCall}, each backend called through
     * the gate's {@code call} and the ending collected, so a called chain passes by, names and reports a failed
     * backend as a streamed one does.
     *
     * @throws BackendException when no backend answered: see the class description
     */
    public ChainReply call(ChatRequest request) {
        StreamAttempt collected = StreamAttempt.collecting();
        return run(request, false, collected, StreamHandle.create())
                .orElseThrow(() -> collected.notAnswered(backendTarget));
    }

    /**
     * Streams from the backends in order into {@code sink} and tells who answered. A backend that fails before its
     * first chunk is passed by, unseen by the sink, and named in the reason; a failure after chunks reached the sink
     * is the sink's ending ({@link StreamSink#fail}, the backend's own failure): the chain never switches backends in
     * the middle of an answer. When no backend answers, the sink fails with what {@link #call} would throw.
     *
     * @return the chain's reply when the stream completed (the sink has had it); empty when the sink was told of a
     *         failure, or when {@code handle} was cancelled (the sink heard no ending)
     */
    public Optional<ChainReply> streamCall(ChatRequest request, StreamSink sink, StreamHandle handle) {
        return run(request, true, sink, handle);
    }

    /** The chain, once for both: each backend streamed when {@code streamed}, else called. */
    private Optional<ChainReply> run(ChatRequest request, boolean streamed, StreamSink sink, StreamHandle handle) {
        List<String> steps = new ArrayList<>();
        List<BackendFailure> failures = new ArrayList<>();
        List<BackendException> thrown = new ArrayList<>();
        for (Link link : links) {
            if (handle.isCancelled()) {
                return Optional.empty();
            }
            Optional<String> passedOver = link.passOver(request);
            if (passedOver.isPresent()) {
                steps.add(passedOver.get());
                continue;
            }
            Optional<String> calledBecause = detour(steps);
            StreamAttempt attempt = StreamAttempt.forwardingTo(sink);
            link.round(request, calledBecause, streamed, attempt, handle);
            if (attempt.reply().isPresent()) {
                ChatReply reply = attempt.reply().get();
                ChainReply answered = ChainReply.of(reply, backendTarget, calledBecause, failures);
                sink.complete(reply);
                return Optional.of(answered);
            }
            if (attempt.failedBeforeFirstChunk()) {
                failed(attempt.failure().orElseThrow(), steps, failures, thrown);
                continue;
            }
            if (handle.isCancelled()) {
                return Optional.empty();
            }
            sink.fail(attempt.notAnswered(link.backend().id()));
            return Optional.empty();
        }
        if (!handle.isCancelled()) {
            sink.fail(noneAnswered(steps, failures, thrown));
        }
        return Optional.empty();
    }

    /** The backend that failed is one step of the detour; the chain goes on to the next. */
    private void failed(BackendException failure, List<String> steps, List<BackendFailure> failures,
                        List<BackendException> thrown) {
        BackendFailure failed = BackendFailure.of(failure);
        failures.add(failed);
        steps.add(failed.reason());
        thrown.add(failure);
        LOG.info("backend {} failed for target {} ({}); trying the next backend if any",
                failure.backendId(), backendTarget, failure.code());
    }

    /** What the chain reports when no backend answered: each passed over, or each failed. */
    private BackendException noneAnswered(List<String> steps, List<BackendFailure> failures,
                                          List<BackendException> thrown) {
        if (thrown.isEmpty()) {
            return new NonRetriableBackendException(backendTarget, "no backend for target '" + backendTarget
                    + "' may be called: " + String.join("; ", steps), null);
        }
        return allFailed(failures, thrown);
    }

    private BackendException allFailed(List<BackendFailure> failures, List<BackendException> thrown) {
        String message = "every backend for target '" + backendTarget + "' failed: " + failures.stream()
                .map(f -> f.backendId() + " (" + f.summary() + ")")
                .collect(Collectors.joining("; "));
        BackendException last = thrown.get(thrown.size() - 1);
        if (thrown.size() == 1) {
            return last;
        }
        boolean allRetriable = thrown.stream().allMatch(BackendException::retriable);
        BackendException result = allRetriable
                ? new RetriableBackendException(backendTarget, message, last)
                : new NonRetriableBackendException(backendTarget, message, last);
        thrown.subList(0, thrown.size() - 1).forEach(result::addSuppressed);
        return result;
    }

    /** The reply of {@link #call}. */
    @Override
    public ChatReply chat(ChatRequest request) {
        return call(request).reply();
    }

    /** {@link #streamCall}, without the chain's reply. */
    @Override
    public void stream(ChatRequest request, StreamSink sink, StreamHandle handle) {
        streamCall(request, sink, handle);
    }

    /** What the first backend the gate does not pass over would send; the first backend's when it passes over all. */
    @Override
    public ChatRequest outgoing(ChatRequest request) {
        for (Link link : links) {
            if (link.passOver(request).isEmpty()) {
                return link.backend().outgoing(request);
            }
        }
        return links.get(0).backend().outgoing(request);
    }

    /** The backend target. */
    @Override
    public String id() {
        return backendTarget;
    }

    /** The backends, in the order they are tried. */
    public List<LlmBackend> backends() {
        return links.stream().map(Link::backend).toList();
    }

    @Override
    public String toString() {
        return "FallbackChain{target=" + backendTarget + ", " + links.stream().map(link -> link.backend().id())
                .collect(Collectors.toList()) + "}";
    }
}
