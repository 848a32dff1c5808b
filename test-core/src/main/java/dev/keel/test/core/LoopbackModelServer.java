package dev.keel.test.core;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.keel.core.CancelledException;
import dev.keel.core.InvalidInputException;
import dev.keel.core.WireFormatException;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.TokenUsage;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;

/**
 * A model provider for tests: a real HTTP server on 127.0.0.1 at a free port, speaking the OpenAI-compatible chat
 * completions API ({@code POST .../chat/completions}), Ollama's ({@code POST .../api/chat}) and Anthropic's Messages
 * API ({@code POST .../messages}), answering from a script and recording every request. Point a real client at it (a langchain4j model, any HTTP client) to test a
 * host's wiring down to the bytes on the wire, failures and timeouts included, without the internet.
 *
 * <pre>{@code
 * try (LoopbackModelServer server = LoopbackModelServer.start()) {
 *     server.onModel("llama3.1").reply("Two beds are free.")
 *           .then(Reply.status(429, "rate limited"), Reply.text("late").after(Duration.ofSeconds(5)));
 *     LlmBackend cloud = OllamaBackends.create("cloud", "llama3.1", server.baseUrl(), Duration.ofSeconds(2));
 *     ...
 *     assertThat(server.requests().get(0).json()).containsEntry("stream", false);
 * }
 * }</pre>
 *
 * <p>A chat request is answered as a {@link ScriptedBackend} answers one: the first rule that accepts it
 * ({@link #on}, by what the request asked as read from the wire; {@link #onModel}, by the model it names), else the
 * next reply in order, else the default reply. A reply's text is sent as the API's chat response with fixed ids and
 * times, failures as the API's error body ({@link Reply} lists what each reply does on the wire). A request nothing
 * answers gets a 500 whose error says what was asked and what was scripted, and is kept in {@link #unanswered()};
 * a request to another path gets a 404, a body that is no chat request a 400, and one without a header
 * {@link #requireHeader required} a 401.
 *
 * <p>A streamed request ({@code "stream": true}) that a text reply answers gets the API's stream, one event per chunk
 * ({@link Reply#chunks}): OpenAI-compatible server-sent events ({@code choices[0].delta.content}, the usage in a last
 * chunk when {@code stream_options.include_usage}, then {@code data: [DONE]}), Anthropic's events
 * ({@code message_start}, {@code content_block_delta} with a {@code text_delta}, {@code message_delta} with the usage,
 * {@code message_stop}), or Ollama's lines of JSON ({@code "done": false} per chunk, then {@code "done": true} with the
 * counts). {@link Reply#breakingAfter} cuts the connection part-way, {@link Reply#every} slows the stream down, and a
 * client that closes the connection before the end is kept in {@link #streamsClosedByClient()}; a failure is the
 * API's error status and body, as for any request.
 *
 * <p>Thread-safe; requests are served in parallel, and delayed replies are cut short by {@link #close()}.
 */
public final class LoopbackModelServer implements AutoCloseable {

    private static final String NODELAY = "sun.net.httpserver.nodelay";
    /** How long a breaking stream stays open after its last chunk before the connection is cut. */
    private static final Duration CUT_GRACE = Duration.ofMillis(500);

    private final HttpServer server;
    private final ExecutorService executor;
    private final ReplyScript<WireRequest> script = new ReplyScript<>();
    private final List<WireRequest> requests = new ArrayList<>();
    private final List<WireRequest> unanswered = new ArrayList<>();
    private final List<WireRequest> closedByClient = new ArrayList<>();
    /** Header names are compared in any case, as HTTP does. */
    private final Map<String, String> requiredHeaders = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);

    static {
        // Without TCP_NODELAY the JDK server sends a response's headers and body in two writes, and the client's
        // delayed acknowledgement holds the second back for about 40 ms: every request would take that long. The
        // setting is read once, when the JDK's server first starts; a value the JVM was given is kept.
        if (System.getProperty(NODELAY) == null) {
            System.setProperty(NODELAY, "true");
        }
    }

    private LoopbackModelServer() {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open a loopback port", e);
        }
        executor = Executors.newCachedThreadPool(runnable -> {
            Thread thread = new Thread(runnable, "loopback-model-server");
            thread.setDaemon(true);
            return thread;
        });
        server.setExecutor(executor);
        server.createContext("/", this::handle);
        server.start();
    }

    /** A server listening on 127.0.0.1 at a free port, with nothing scripted yet. */
    public static LoopbackModelServer start() {
        return new LoopbackModelServer();
    }

    /** {@code http://127.0.0.1:<port>}: Ollama's base URL. */
    public String baseUrl() {
        return "http://127.0.0.1:" + port();
    }

    /**
     * {@code http://127.0.0.1:<port>/v1}: the base URL of an OpenAI-compatible client, and with a {@code /} after it
     * of an Anthropic one.
     */
    public String openAiBaseUrl() {
        return baseUrl() + "/v1";
    }

    public int port() {
        return server.getAddress().getPort();
    }

    /** The replies for the chat requests {@code matcher} accepts (matched on what was read from the wire). */
    public Stubbing<LoopbackModelServer> on(RequestMatcher matcher) {
        Objects.requireNonNull(matcher, "matcher");
        return new Stubbing<>(this, replies -> script.rule(matcher.description(),
                request -> request.chat().map(matcher::test).orElse(false), replies));
    }

    /** The replies for the chat requests that name the model {@code model}. */
    public Stubbing<LoopbackModelServer> onModel(String model) {
        Objects.requireNonNull(model, "model");
        return new Stubbing<>(this, replies -> script.rule("model " + model,
                request -> request.model().filter(model::equals).isPresent(), replies));
    }

    /** Answers the next chat requests no rule takes with {@code texts}, one each. */
    public LoopbackModelServer thenReply(String... texts) {
        return then(Arrays.stream(texts).map(Reply::text).toArray(Reply[]::new));
    }

    /** Answers the next chat requests no rule takes with {@code replies}, one each. */
    public LoopbackModelServer then(Reply... replies) {
        script.inOrder(List.of(replies));
        return this;
    }

    /** Answers every chat request that no rule and no reply in order takes with {@code reply}. */
    public LoopbackModelServer otherwise(Reply reply) {
        Objects.requireNonNull(reply, "reply");
        return otherwise(request -> reply);
    }

    /**
     * Answers every chat request that no rule and no reply in order takes with the reply {@code reply} makes of it
     * as received (headers, path, body): a provider that echoes what it was sent, say.
     */
    public LoopbackModelServer otherwise(Function<WireRequest, Reply> reply) {
        script.otherwise(Objects.requireNonNull(reply, "reply"));
        return this;
    }

    /**
     * Refuses with 401 and the API's error body every request whose header {@code name} (in any case) is not
     * exactly {@code value}, before anything scripted sees it: an endpoint behind credentials. The error does not
     * quote the value.
     */
    public synchronized LoopbackModelServer requireHeader(String name, String value) {
        requiredHeaders.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(value, "value"));
        return this;
    }

    /** Every request received, to any path, in order of arrival. */
    public synchronized List<WireRequest> requests() {
        return List.copyOf(requests);
    }

    /**
     * The requests that got no scripted reply (unscripted, to another path, no chat request, or refused for a
     * required header).
     */
    public synchronized List<WireRequest> unanswered() {
        return List.copyOf(unanswered);
    }

    /**
     * The streamed requests whose client closed the connection before the stream ended (a client that cancelled),
     * in the order the server noticed: at its next write after the close.
     */
    public synchronized List<WireRequest> streamsClosedByClient() {
        return List.copyOf(closedByClient);
    }

    /**
     * Forgets what was scripted (rules, replies in order, the default reply, required headers) and what was received,
     * keeping the port: one server shared by the tests of a Spring context starts each test as new.
     */
    public synchronized LoopbackModelServer reset() {
        script.clear();
        requiredHeaders.clear();
        requests.clear();
        unanswered.clear();
        closedByClient.clear();
        return this;
    }

    /** How many replies scripted in order were never asked for. */
    public int unusedReplies() {
        return script.unusedInOrder();
    }

    /** Thrown out of the handler to cut a stream short: the JDK's server then drops the connection unfinished. */
    private static final class CutStream extends IOException {
        private static final long serialVersionUID = 1L;

        CutStream() {
            super("the stream is cut as scripted");
        }
    }

    private void handle(HttpExchange exchange) throws IOException {
        try {
            serve(exchange);
        } catch (CutStream cut) {
            // Closing the exchange would end the stream cleanly: the connection must drop with the stream unfinished,
            // which the server does to a handler that throws.
            throw cut;
        } catch (IOException | RuntimeException e) {
            exchange.close();
            throw e;
        }
        exchange.close();
    }

    private void serve(HttpExchange exchange) throws IOException {
        String method = exchange.getRequestMethod();
        String path = exchange.getRequestURI().getPath();
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        ModelApi api = ModelApi.of(method, path);
        Map<String, Object> json = parse(body);
        ChatRequest chat = null;
        String problem = null;
        if (api == ModelApi.UNKNOWN) {
            problem = "no model API at " + method + " " + path + "; this server answers POST .../chat/completions,"
                    + " POST .../api/chat and POST .../messages";
        } else {
            try {
                chat = WireFormats.chatRequest(api, json);
            } catch (InvalidInputException e) {
                problem = "the body is not a chat request: " + e.getMessage();
            }
        }
        WireRequest request = new WireRequest(api, method, path, exchange.getRequestHeaders(), body, json, chat);
        int number = record(request);
        Optional<String> lacking = lackingHeader(request);
        if (lacking.isPresent()) {
            unanswered(request);
            respond(exchange, 401, WireFormats.errorBody(api, 401, "the request does not carry the "
                    + lacking.get() + " header this server requires"));
            return;
        }
        if (problem != null) {
            unanswered(request);
            respond(exchange, api == ModelApi.UNKNOWN ? 404 : 400, WireFormats.errorBody(api,
                    api == ModelApi.UNKNOWN ? 404 : 400, problem));
            return;
        }
        // Read without a problem, the body was a chat request.
        ChatRequest asked = Objects.requireNonNull(chat, "chat");
        Optional<Reply> scripted = script.next(request);
        if (scripted.isEmpty()) {
            unanswered(request);
            respond(exchange, 500, WireFormats.errorBody(api, 500, "the loopback model server has no reply for"
                    + " request " + number + " (" + request.model().map(m -> "model " + m + ", ").orElse("")
                    + Requests.describe(asked) + "); scripted: " + script.describe()));
            return;
        }
        answer(exchange, request, asked, scripted.get(), number);
    }

    private void answer(HttpExchange exchange, WireRequest request, ChatRequest chat, Reply reply, int number)
            throws IOException {
        if (!paused(reply.delay())) {
            return;
        }
        boolean streamed = WireFormats.isStreaming(request.json());
        switch (reply.kind()) {
            case TEXT:
                String text = reply.textFor(chat);
                // A text reply has a finish reason: stop unless set.
                String finishReason = Objects.requireNonNull(reply.finishReason(), "finishReason");
                if (streamed) {
                    stream(exchange, request, reply, text, reply.usageFor(chat, text), finishReason, number);
                } else if (reply.breakAfter().isPresent()) {
                    throw new CutStream();
                } else {
                    respond(exchange, 200, WireFormats.chatResponse(request.api(),
                            request.model().orElse("loopback"), text, reply.usageFor(chat, text), finishReason,
                            number, reply.toolCalls()));
                }
                break;
            case FAILURE:
                respond(exchange, reply.status(), WireFormats.errorBody(request.api(), reply.status(), reply.body()));
                break;
            case HTTP:
                respond(exchange, reply.status(), reply.body());
                break;
            default:
                // A dropped connection: closing the exchange before any response ends it unanswered.
                break;
        }
    }

    /** Waits {@code delay}; false when the server closed meanwhile. */
    private static boolean paused(Duration delay) {
        try {
            Requests.pause(delay, () -> new CancelledException("closed while waiting to reply"));
            return true;
        } catch (CancelledException closed) {
            return false;
        }
    }

    /**
     * Sends {@code text} as the API's stream, one event per chunk of {@code reply}, each written as soon as it is
     * made; cut after the chunk the reply breaks at. A client that closes the connection meanwhile is recorded.
     */
    private void stream(HttpExchange exchange, WireRequest request, Reply reply, String text, TokenUsage usage,
                        String finishReason, int number) throws IOException {
        ModelApi api = request.api();
        String model = request.model().orElse("loopback");
        List<String> chunks = reply.chunksOf(text);
        exchange.getResponseHeaders().set("Content-Type", WireFormats.streamContentType(api) + "; charset=utf-8");
        try {
            exchange.sendResponseHeaders(200, 0);
            OutputStream out = exchange.getResponseBody();
            write(out, WireFormats.streamOpening(api, model, usage, number));
            int end = Math.min(chunks.size(), reply.breakAfter().orElse(chunks.size()));
            for (int i = 0; i < end; i++) {
                if (!paused(reply.chunkDelay())) {
                    return;
                }
                write(out, List.of(WireFormats.streamChunk(api, model, chunks.get(i), number)));
            }
            if (reply.breakAfter().isPresent()) {
                // The JDK's HTTP client drops what it received but was not read yet when its connection fails: the
                // chunks sent are given time to be read before the cut, so that a test sees them all, in order.
                if (paused(CUT_GRACE)) {
                    throw new CutStream();
                }
                return;
            }
            write(out, WireFormats.streamClosing(api, model, usage, finishReason, number,
                    WireFormats.streamIncludesUsage(api, request.json()), reply.toolCalls()));
        } catch (CutStream cut) {
            throw cut;
        } catch (IOException clientGone) {
            // The client closed the connection in the middle of the stream: it cancelled, or gave up.
            synchronized (this) {
                closedByClient.add(request);
            }
        }
    }

    private static void write(OutputStream out, List<String> pieces) throws IOException {
        for (String piece : pieces) {
            out.write(piece.getBytes(StandardCharsets.UTF_8));
        }
        out.flush();
    }

    private static Map<String, Object> parse(String body) {
        try {
            Object parsed = JsonCodec.strict().parse(body);
            if (parsed instanceof Map) {
                @SuppressWarnings("unchecked")
                Map<String, Object> object = (Map<String, Object>) parsed;
                return object;
            }
        } catch (WireFormatException notJson) {
            // recorded as sent; json() is empty
        }
        return Map.of();
    }

    private synchronized int record(WireRequest request) {
        requests.add(request);
        return requests.size();
    }

    /** The first required header {@code request} does not carry with its value. */
    private synchronized Optional<String> lackingHeader(WireRequest request) {
        return requiredHeaders.entrySet().stream()
                .filter(required -> !request.header(required.getKey()).filter(required.getValue()::equals).isPresent())
                .map(Map.Entry::getKey).findFirst();
    }

    private synchronized void unanswered(WireRequest request) {
        unanswered.add(request);
    }

    private static void respond(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json; charset=utf-8");
        try {
            exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
            if (bytes.length > 0) {
                exchange.getResponseBody().write(bytes);
            }
        } catch (IOException clientGone) {
            // The client gave up (a timeout) and closed the connection: there is nobody to answer.
        }
    }

    /** Stops listening, and cuts short the replies still waiting out a delay. */
    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }

    @Override
    public String toString() {
        return "LoopbackModelServer{" + baseUrl() + "}";
    }
}
