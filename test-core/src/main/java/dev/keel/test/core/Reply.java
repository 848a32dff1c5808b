package dev.keel.test.core;

import dev.keel.core.ConfigurationException;
import dev.keel.core.content.Part;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.TokenUsage;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * One scripted answer of a {@link ScriptedBackend} or a {@link LoopbackModelServer}: a text (fixed, or made from the
 * request), a failure, an HTTP status, or a dropped connection; optionally the tokens it reports, why generation
 * stopped, and a delay before it is given. Every kind means the same in process and over HTTP:
 *
 * <table>
 *   <caption>What each reply does</caption>
 *   <tr><th>reply</th><th>{@link ScriptedBackend}</th><th>{@link LoopbackModelServer}</th></tr>
 *   <tr><td>{@link #text}, {@link #from}</td><td>a {@code ChatReply}</td><td>200 with the API's chat response</td></tr>
 *   <tr><td>{@link #retriableFailure}</td><td>throws {@code RetriableBackendException}</td>
 *       <td>503 with the API's error body</td></tr>
 *   <tr><td>{@link #nonRetriableFailure}</td><td>throws {@code NonRetriableBackendException}</td>
 *       <td>400 with the API's error body</td></tr>
 *   <tr><td>{@link #status}</td><td>throws the failure the status means (429 and 5xx retriable, others not)</td>
 *       <td>that status with the API's error body</td></tr>
 *   <tr><td>{@link #http}</td><td>a 2xx body is the reply text; other statuses as {@link #status}</td>
 *       <td>that status and body, exactly (a recorded provider body, a malformed one)</td></tr>
 *   <tr><td>{@link #throwing}</td><td>throws the exception</td><td>closes the connection without a response</td></tr>
 *   <tr><td>{@link #chunks}</td><td>streams the chunks; {@code chat} answers them joined</td>
 *       <td>to a streamed request the API's stream, one event per chunk; to any other the joined text</td></tr>
 *   <tr><td>{@link #toolCalls}</td><td>a {@code ChatReply} asking for the calls</td>
 *       <td>the API's response asking for the calls (streamed: its stream's tool-call events)</td></tr>
 * </table>
 *
 * <p>Any text reply streams (as one chunk unless scripted in {@link #chunks}); {@link #breakingAfter} breaks the
 * stream part-way and {@link #every} slows it down.
 *
 * <p>Immutable and thread-safe when the text function is.
 */
public final class Reply {

    /** What kind of answer a reply is. */
    enum Kind { TEXT, FAILURE, HTTP, THROW }

    private final Kind kind;
    // Set by kind: the text function for TEXT, the body for FAILURE and HTTP, the exception for THROW.
    private final @Nullable Function<ChatRequest, String> text;
    private final int status;
    private final @Nullable String body;
    private final @Nullable RuntimeException exception;
    private final @Nullable TokenUsage usage;
    private final @Nullable String finishReason;
    private final Duration delay;
    // How a text reply streams: its chunks (null: the whole text as one), where it breaks (-1: it does not), and the
    // pause before each chunk.
    private final @Nullable List<String> chunks;
    private final int breakAfter;
    private final Duration chunkDelay;
    // The tool calls a text reply asks for, after its text; none for any other reply.
    private final List<Part.ToolCall> toolCalls;

    private Reply(Kind kind, @Nullable Function<ChatRequest, String> text, int status, @Nullable String body,
                  @Nullable RuntimeException exception, @Nullable TokenUsage usage, @Nullable String finishReason,
                  Duration delay) {
        this(kind, text, status, body, exception, usage, finishReason, delay, null, -1, Duration.ZERO, List.of());
    }

    private Reply(Kind kind, @Nullable Function<ChatRequest, String> text, int status, @Nullable String body,
                  @Nullable RuntimeException exception, @Nullable TokenUsage usage, @Nullable String finishReason,
                  Duration delay, @Nullable List<String> chunks, int breakAfter, Duration chunkDelay,
                  List<Part.ToolCall> toolCalls) {
        this.kind = kind;
        this.text = text;
        this.status = status;
        this.body = body;
        this.exception = exception;
        this.usage = usage;
        this.finishReason = finishReason;
        this.delay = delay;
        this.chunks = chunks;
        this.breakAfter = breakAfter;
        this.chunkDelay = chunkDelay;
        this.toolCalls = List.copyOf(toolCalls);
    }

    /** The model answers {@code text}. */
    public static Reply text(String text) {
        Objects.requireNonNull(text, "text");
        return from(request -> text);
    }

    /** The model answers what {@code text} makes of the request (called once per request it answers). */
    public static Reply from(Function<ChatRequest, String> text) {
        return new Reply(Kind.TEXT, Objects.requireNonNull(text, "text"), 200, null, null, null, "stop", Duration.ZERO);
    }

    /**
     * The model answers the text {@code chunks} make, streamed one chunk after the other: to a streamed request each
     * chunk is one event of the API's stream; to any other the whole text is the reply.
     *
     * @throws ConfigurationException when there is no chunk or a chunk is empty
     */
    public static Reply chunks(String... chunks) {
        List<String> list = List.of(chunks);
        if (list.isEmpty() || list.stream().anyMatch(String::isEmpty)) {
            throw new ConfigurationException("a streamed reply needs at least one chunk, and no chunk is empty");
        }
        String whole = String.join("", list);
        return new Reply(Kind.TEXT, request -> whole, 200, null, null, null, "stop", Duration.ZERO, list, -1,
                Duration.ZERO, List.of());
    }

    /**
     * The model asks for the tool calls {@code calls}, in this order, with no text (finish reason
     * {@code tool_calls}): each API's own form of a tool call, in its response or its stream.
     *
     * @throws ConfigurationException when there is no call
     */
    public static Reply toolCalls(Part.ToolCall... calls) {
        if (calls.length == 0) {
            throw new ConfigurationException("a tool-call reply needs at least one call");
        }
        return new Reply(Kind.TEXT, request -> "", 200, null, null, null, "tool_calls", Duration.ZERO, null, -1,
                Duration.ZERO, List.of(calls));
    }

    /** A failure that may pass (a timeout, an overloaded provider): {@code message} says what happened. */
    public static Reply retriableFailure(String message) {
        return status(503, message);
    }

    /** A failure that trying again will not mend (a rejected request, a bad key). */
    public static Reply nonRetriableFailure(String message) {
        return status(400, message);
    }

    /**
     * A failure with an HTTP status (at least 400): 429 and 5xx are retriable, the others are not.
     *
     * @throws ConfigurationException when {@code status} is not a failure status
     */
    public static Reply status(int status, String message) {
        if (status < 400 || status > 599) {
            throw new ConfigurationException("a failure status is 400 to 599, not " + status);
        }
        return new Reply(Kind.FAILURE, null, status, Objects.requireNonNull(message, "message"), null, null, null,
                Duration.ZERO);
    }

    /**
     * An HTTP response given exactly: {@code status} (100 to 599) and {@code body}, such as a provider's recorded
     * reply or a malformed one.
     */
    public static Reply http(int status, String body) {
        if (status < 100 || status > 599) {
            throw new ConfigurationException("an HTTP status is 100 to 599, not " + status);
        }
        return new Reply(Kind.HTTP, null, status, Objects.requireNonNull(body, "body"), null, null, null,
                Duration.ZERO);
    }

    /** The call breaks: in process {@code exception} is thrown; over HTTP the connection closes unanswered. */
    public static Reply throwing(RuntimeException exception) {
        return new Reply(Kind.THROW, null, 0, null, Objects.requireNonNull(exception, "exception"), null, null,
                Duration.ZERO);
    }

    /** This reply reporting {@code usage}; unless set, an estimate of a quarter token per character in and out. */
    public Reply withUsage(TokenUsage usage) {
        return new Reply(kind, text, status, body, exception, Objects.requireNonNull(usage, "usage"), finishReason,
                delay, chunks, breakAfter, chunkDelay, toolCalls);
    }

    /** This reply with the finish reason {@code reason} ({@code stop} unless set, {@code length}, ...). */
    public Reply withFinishReason(String reason) {
        return new Reply(kind, text, status, body, exception, usage, Objects.requireNonNull(reason, "reason"), delay,
                chunks, breakAfter, chunkDelay, toolCalls);
    }

    /** This reply, given only after {@code delay}: for timeouts and slow providers. */
    public Reply after(Duration delay) {
        if (delay.isNegative()) {
            throw new ConfigurationException("a delay must not be negative");
        }
        return new Reply(kind, text, status, body, exception, usage, finishReason, delay, chunks, breakAfter,
                chunkDelay, toolCalls);
    }

    /**
     * This text reply, streamed, breaking after {@code chunks} chunks: over HTTP the connection is cut with the
     * stream unfinished, half a second after the last chunk so that the client has read what was sent (the JDK's
     * HTTP client drops what it received but had not read when its connection fails); in process the stream fails
     * with a {@code RetriableBackendException}. A request that is not
     * streamed gets no answer (over HTTP the connection closes; in process the failure is thrown).
     *
     * @throws ConfigurationException when this is no text reply or {@code chunks} is negative
     */
    public Reply breakingAfter(int chunks) {
        if (kind != Kind.TEXT || chunks < 0) {
            throw new ConfigurationException("only a text reply breaks, after 0 or more chunks");
        }
        return new Reply(kind, text, status, body, exception, usage, finishReason, delay, this.chunks, chunks,
                chunkDelay, toolCalls);
    }

    /** This text reply, streamed with a pause of {@code pause} before each chunk: a slow model, to cancel. */
    public Reply every(Duration pause) {
        if (kind != Kind.TEXT || pause.isNegative()) {
            throw new ConfigurationException("only a text reply streams slowly, with a pause that is not negative");
        }
        return new Reply(kind, text, status, body, exception, usage, finishReason, delay, chunks, breakAfter, pause,
                toolCalls);
    }

    Kind kind() {
        return kind;
    }

    /** The text for {@code request}; a text reply only. */
    String textFor(ChatRequest request) {
        return Objects.requireNonNull(Objects.requireNonNull(text, "a text reply").apply(request),
                "a scripted reply function returned null");
    }

    /** The tool calls a text reply asks for; empty unless scripted with {@link #toolCalls}. */
    List<Part.ToolCall> toolCalls() {
        return toolCalls;
    }

    int status() {
        return status;
    }

    /** The error message of a failure, or the body of an HTTP reply; those replies only. */
    String body() {
        return Objects.requireNonNull(body, "a failure or an HTTP reply");
    }

    /** What a throwing reply throws; that reply only. */
    RuntimeException exception() {
        return Objects.requireNonNull(exception, "a throwing reply");
    }

    Optional<TokenUsage> usage() {
        return Optional.ofNullable(usage);
    }

    /** Why generation stopped: {@code stop} for a text reply unless set; null for the others unless set. */
    @Nullable String finishReason() {
        return finishReason;
    }

    Duration delay() {
        return delay;
    }

    /** The chunks a text reply streams for {@code text} (what {@link #textFor} gave): as scripted, else the text. */
    List<String> chunksOf(String text) {
        return chunks != null ? chunks : text.isEmpty() ? List.of() : List.of(text);
    }

    /** After how many chunks a streamed text reply breaks; empty when it does not. */
    OptionalInt breakAfter() {
        return breakAfter < 0 ? OptionalInt.empty() : OptionalInt.of(breakAfter);
    }

    /** The pause before each chunk of a streamed text reply. */
    Duration chunkDelay() {
        return chunkDelay;
    }

    /** Whether a failure with this status may pass when tried again. */
    static boolean retriable(int status) {
        return status == 429 || status >= 500;
    }

    /** The tokens a text reply reports: as set, or a quarter token per character in and out, rounded up. */
    TokenUsage usageFor(ChatRequest request, String answer) {
        if (usage != null) {
            return usage;
        }
        long in = request.messages().stream().mapToLong(message -> message.text().length()).sum();
        return new TokenUsage((in + 3) / 4, (answer.length() + 3) / 4);
    }

    @Override
    public String toString() {
        switch (kind) {
            case TEXT:
                return "Reply{text" + (chunks == null ? "" : ", " + chunks.size() + " chunks")
                        + (toolCalls.isEmpty() ? "" : ", " + toolCalls.size() + " tool calls")
                        + (breakAfter < 0 ? "" : ", breaking after " + breakAfter)
                        + (chunkDelay.isZero() ? "" : ", every " + chunkDelay)
                        + (delay.isZero() ? "" : ", after " + delay) + "}";
            case FAILURE:
                return "Reply{status " + status + ": " + body() + "}";
            case HTTP:
                return "Reply{http " + status + ", " + body().length() + " characters}";
            default:
                return "Reply{throwing " + exception().getClass().getSimpleName() + "}";
        }
    }
}
