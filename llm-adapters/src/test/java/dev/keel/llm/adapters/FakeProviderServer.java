package dev.keel.llm.adapters;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.keel.core.json.JsonCodec;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * A provider speaking HTTP on loopback, answering each request with the next scripted reply (the last one
 * repeats), or with what a responder makes of it, and recording what it received. Replies are recorded provider
 * bodies from {@code replies/}, or bodies made with {@link #ollamaReply} and {@link #openAiReply}. When an
 * {@code Authorization} value is required, a request without exactly that header gets HTTP 401.
 */
public final class FakeProviderServer implements AutoCloseable {

    /** One scripted reply; {@code stall} holds it back until the test ends (slower than any timeout). */
    public record Reply(int status, String body, boolean stall) {
        public static Reply ok(String body) {
            return new Reply(200, body, false);
        }

        public static Reply status(int status, String body) {
            return new Reply(status, body, false);
        }

        static Reply stalled(String body) {
            return new Reply(200, body, true);
        }
    }

    /** One request as received. */
    public record Received(String method, String path, Map<String, List<String>> headers, String body) {
        public String header(String name) {
            for (Map.Entry<String, List<String>> entry : headers.entrySet()) {
                if (entry.getKey().equalsIgnoreCase(name)) {
                    return entry.getValue().get(0);
                }
            }
            return null;
        }
    }

    private final HttpServer server;
    private final ExecutorService executor = Executors.newCachedThreadPool(r -> {
        Thread thread = new Thread(r, "fake-provider");
        thread.setDaemon(true);
        return thread;
    });
    private final Deque<Reply> script = new ArrayDeque<>();
    private final List<Received> received = new ArrayList<>();
    private final CountDownLatch release = new CountDownLatch(1);
    private Function<Received, Reply> responder;
    private String authorization;

    public FakeProviderServer() {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.setExecutor(executor);
        server.createContext("/", this::handle);
        server.start();
    }

    /** The base URL, for example {@code http://127.0.0.1:40123}. */
    public String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    public int port() {
        return server.getAddress().getPort();
    }

    public synchronized FakeProviderServer reply(Reply... replies) {
        script.addAll(List.of(replies));
        return this;
    }

    /** Answers every request with what {@code responder} makes of it, instead of the script. */
    public synchronized FakeProviderServer respond(Function<Received, Reply> responder) {
        this.responder = responder;
        return this;
    }

    /** Refuses with HTTP 401 every request whose {@code Authorization} header is not {@code value}. */
    public synchronized FakeProviderServer requireAuthorization(String value) {
        this.authorization = value;
        return this;
    }

    public synchronized List<Received> received() {
        return List.copyOf(received);
    }

    /** Forgets what was received. */
    public synchronized void clear() {
        received.clear();
    }

    private void handle(HttpExchange exchange) throws IOException {
        Reply reply;
        synchronized (this) {
            Received request = new Received(exchange.getRequestMethod(), exchange.getRequestURI().getPath(),
                    Map.copyOf(exchange.getRequestHeaders()),
                    new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            received.add(request);
            if (authorization != null && !authorization.equals(request.header("Authorization"))) {
                reply = Reply.status(401, "{\"error\":\"unauthorized\"}");
            } else if (responder != null) {
                reply = responder.apply(request);
            } else {
                reply = script.size() > 1 ? script.poll() : script.peek();
            }
        }
        if (reply == null) {
            reply = Reply.status(500, "{\"error\":\"no scripted reply\"}");
        }
        if (reply.stall()) {
            try {
                release.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        byte[] body = reply.body().getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        try {
            exchange.sendResponseHeaders(reply.status(), body.length == 0 ? -1 : body.length);
            if (body.length > 0) {
                exchange.getResponseBody().write(body);
            }
        } catch (IOException clientGone) {
            // the client timed out and closed the connection: nothing to deliver
        } finally {
            exchange.close();
        }
    }

    /** An Ollama {@code /api/chat} reply body whose message is {@code content}. */
    public static String ollamaReply(String content) {
        return "{\"model\":\"llama3.1\",\"created_at\":\"2026-01-16T10:00:00Z\",\"message\":{\"role\":\"assistant\","
                + "\"content\":" + JsonCodec.strict().write(content) + "},\"done_reason\":\"stop\",\"done\":true,"
                + "\"prompt_eval_count\":40,\"eval_count\":12}";
    }

    /** An OpenAI {@code /chat/completions} reply body whose message is {@code content}. */
    public static String openAiReply(String content) {
        return "{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\",\"created\":1768557600,\"model\":\"gpt-4o-mini\","
                + "\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":"
                + JsonCodec.strict().write(content) + "},\"finish_reason\":\"stop\"}],"
                + "\"usage\":{\"prompt_tokens\":40,\"completion_tokens\":12,\"total_tokens\":52}}";
    }

    /** A recorded provider reply from {@code replies/<name>}. */
    static String recorded(String name) {
        try (InputStream in = FakeProviderServer.class.getResourceAsStream("/replies/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no recorded reply " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        release.countDown();
        server.stop(0);
        executor.shutdownNow();
    }
}
