package dev.keel.test.core;

import dev.keel.core.NonRetriableBackendException;
import dev.keel.core.RetriableBackendException;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.StreamHandle;
import dev.keel.core.spi.StreamSink;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * An {@link LlmBackend} for tests that answers from a script and records every request it receives.
 *
 * <p>A request is answered by the first rule that accepts it ({@link #on}, {@link #onPurpose}: by the request's
 * purpose, which the stage runtime sets to the stage id, or by any {@link RequestMatcher}), whose replies come in
 * turn with the last one repeated; else by the next reply scripted in order ({@link #thenReply}, {@link #then}),
 * each used once; else by the default reply ({@link #otherwise}). A request nothing answers is recorded and fails
 * with an {@link AssertionError} that names the request and what was scripted: an error, not an exception, so that
 * no fallback in the code under test can swallow it.
 *
 * <pre>{@code
 * ScriptedBackend cloud = ScriptedBackend.named("cloud")
 *         .onPurpose("judgement_v1", JUDGEMENT)
 *         .on(RequestMatcher.lastUserMessageContains("beds")).reply("Two beds are free.")
 *         .thenReply("first", "second")
 *         .then(Reply.retriableFailure("timed out"));
 * ...
 * assertThat(cloud.requests()).hasSize(3);
 * }</pre>
 *
 * <p>A reply's text becomes a {@code ChatReply} from this backend's id; failures are thrown as {@link Reply}
 * describes. Thread-safe: requests may come from several threads, and the record keeps their order of arrival.
 */
public final class ScriptedBackend implements LlmBackend {

    private final String id;
    private final ReplyScript<ChatRequest> script = new ReplyScript<>();
    private final List<ChatRequest> requests = new ArrayList<>();
    private final List<ChatRequest> unanswered = new ArrayList<>();

    private ScriptedBackend(String id) {
        this.id = Objects.requireNonNull(id, "id");
    }

    /** A backend reporting itself as {@code id}, with nothing scripted yet. */
    public static ScriptedBackend named(String id) {
        return new ScriptedBackend(id);
    }

    /** A backend answering its requests with {@code texts}, one each, in order. */
    public static ScriptedBackend replying(String id, String... texts) {
        return named(id).thenReply(texts);
    }

    /** A backend answering every request with what {@code text} makes of it. */
    public static ScriptedBackend answering(String id, Function<ChatRequest, String> text) {
        return named(id).otherwise(Reply.from(text));
    }

    /** The replies for the requests {@code matcher} accepts; rules are tried in the order they were added. */
    public Stubbing<ScriptedBackend> on(RequestMatcher matcher) {
        Objects.requireNonNull(matcher, "matcher");
        return new Stubbing<>(this, replies -> script.rule(matcher.description(), matcher, replies));
    }

    /** Requests whose purpose is {@code purpose} (a stage id) are answered with {@code texts} in turn. */
    public ScriptedBackend onPurpose(String purpose, String... texts) {
        return on(RequestMatcher.purpose(purpose)).reply(texts);
    }

    /** Answers the next requests no rule takes with {@code texts}, one each. */
    public ScriptedBackend thenReply(String... texts) {
        return then(Arrays.stream(texts).map(Reply::text).toArray(Reply[]::new));
    }

    /** Answers the next requests no rule takes with {@code replies}, one each. */
    public ScriptedBackend then(Reply... replies) {
        script.inOrder(List.of(replies));
        return this;
    }

    /** Answers every request that no rule and no reply in order takes with {@code reply}. */
    public ScriptedBackend otherwise(Reply reply) {
        Objects.requireNonNull(reply, "reply");
        script.otherwise(request -> reply);
        return this;
    }

    @Override
    public String id() {
        return id;
    }

    /**
     * Answers from the script.
     *
     * @throws AssertionError when nothing scripted answers {@code request}
     */
    @Override
    public ChatReply chat(ChatRequest request) {
        return replyOf(request, next(request));
    }

    /** The reply {@code reply} gives to {@code request}, or its failure thrown. */
    private ChatReply replyOf(ChatRequest request, Reply reply) {
        switch (reply.kind()) {
            case TEXT:
                if (reply.breakAfter().isPresent()) {
                    throw broken();
                }
                return answer(request, reply, reply.textFor(request));
            case HTTP:
                if (reply.status() / 100 == 2) {
                    return answer(request, reply, reply.body());
                }
                throw failure(reply);
            case FAILURE:
                throw failure(reply);
            default:
                throw reply.exception();
        }
    }

    /**
     * Streams from the script: a text reply's chunks (its whole text as one unless scripted in {@link Reply#chunks}),
     * each after the reply's pause, up to where it breaks ({@link Reply#breakingAfter}: then the sink fails with a
     * {@link RetriableBackendException}), then the reply; a failure is the sink's failure; a throwing reply throws.
     * A cancelled handle stops it between chunks.
     *
     * @throws AssertionError when nothing scripted answers {@code request}
     */
    @Override
    public void stream(ChatRequest request, StreamSink sink, StreamHandle handle) {
        Reply reply = next(request);
        if (reply.kind() != Reply.Kind.TEXT) {
            // What chat gives, as one chunk or a failure: from the reply already taken from the script.
            LlmBackend taken = asked -> replyOf(asked, reply);
            taken.stream(request, sink, handle);
            return;
        }
        String text = reply.textFor(request);
        List<String> chunks = reply.chunksOf(text);
        int end = reply.breakAfter().orElse(chunks.size());
        for (int i = 0; i < Math.min(end, chunks.size()); i++) {
            Requests.pause(reply.chunkDelay(), () -> new RetriableBackendException(id,
                    "interrupted while streaming", null));
            if (handle.isCancelled()) {
                return;
            }
            sink.chunk(chunks.get(i));
        }
        if (handle.isCancelled()) {
            return;
        }
        if (reply.breakAfter().isPresent()) {
            sink.fail(broken());
        } else {
            sink.complete(answer(request, reply, text));
        }
    }

    /** Records {@code request} and takes its reply from the script, after the reply's delay. */
    private Reply next(ChatRequest request) {
        Objects.requireNonNull(request, "request");
        int number;
        synchronized (this) {
            requests.add(request);
            number = requests.size();
        }
        Optional<Reply> scripted = script.next(request);
        if (scripted.isEmpty()) {
            synchronized (this) {
                unanswered.add(request);
            }
            throw new AssertionError("scripted backend '" + id + "' has no reply for request " + number + " ("
                    + Requests.describe(request) + "); scripted: " + script.describe());
        }
        Reply reply = scripted.get();
        Requests.pause(reply.delay(), () -> new RetriableBackendException(id, "interrupted while waiting to reply",
                null));
        return reply;
    }

    private RetriableBackendException broken() {
        return new RetriableBackendException(id, "backend '" + id + "' stream broke", null);
    }

    private ChatReply answer(ChatRequest request, Reply reply, String text) {
        return ChatReply.builder().text(text).toolCalls(reply.toolCalls()).usage(reply.usageFor(request, text))
                .backendId(id)
                .finishReason(reply.finishReason() == null ? "stop" : reply.finishReason()).build();
    }

    private RuntimeException failure(Reply reply) {
        return Reply.retriable(reply.status()) ? new RetriableBackendException(id, reply.body(), null)
                : new NonRetriableBackendException(id, reply.body(), null);
    }

    /** Forgets what was scripted and what was received: a backend shared by several tests starts each as new. */
    public synchronized ScriptedBackend reset() {
        script.clear();
        requests.clear();
        unanswered.clear();
        return this;
    }

    /** Every request received, in order of arrival, answered or not. */
    public synchronized List<ChatRequest> requests() {
        return List.copyOf(requests);
    }

    /** The requests {@code matcher} accepts, in order of arrival. */
    public synchronized List<ChatRequest> requests(RequestMatcher matcher) {
        return requests.stream().filter(matcher).toList();
    }

    /** The requests nothing scripted answered. */
    public synchronized List<ChatRequest> unanswered() {
        return List.copyOf(unanswered);
    }

    /** How many replies scripted in order were never asked for. */
    public int unusedReplies() {
        return script.unusedInOrder();
    }

    @Override
    public String toString() {
        return "ScriptedBackend{" + id + "}";
    }
}
