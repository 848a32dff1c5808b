package dev.keel.eval;

import dev.keel.core.CancelledException;
import dev.keel.core.KeelException;
import dev.keel.core.json.JsonCodec;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * Runs a JSON Lines stream of {@code {"op": "<op>", "input": {...}}} requests through an {@link EvalOpRegistry}.
 *
 * <p>Exactly one compact JSON object is written per input line, in input order: the operation's result, or
 * {@code {"error": {"code": "...", "message": "..."}}} for a line that cannot be accepted (malformed JSON, a
 * request of the wrong shape, an unknown operation, input the operation rejects). Lines end at a line feed only: a
 * carriage return is JSON white space, so CRLF endings work and a bare carriage return does not split a line. Lines
 * are read and answered one at a time, so a stream of any length runs in constant memory. Output is flushed
 * whenever the input has nothing more buffered, so interactive use sees each answer at once.
 *
 * <p>Each line's work is bounded, and answered with its own error code when it passes a bound: its length
 * ({@code line_too_long}, the codec's document limit), its bytes when read from a byte stream ({@code invalid_utf8}
 * for a line that is not valid UTF-8), its time ({@code line_timeout}, {@link Builder#lineTimeout}, 10 s by
 * default), and the length of its answer ({@code output_too_long}, {@link Builder#maxOutputLength}); an error
 * message is cut to {@value #MAX_MESSAGE_LENGTH} characters. Whatever an operation throws becomes the line's
 * error ({@code internal_error} when it is not a {@link KeelException}); nothing a line holds ends the run.
 *
 * <p>An application can give operations <b>input defaults</b> ({@link Builder#inputDefaults}): a function applied
 * to a line's {@code input} before the named operation sees it, to supply data the input does not name (the
 * application's routing table, say). {@link #defaultMembers} makes the common one.
 *
 * <p>Immutable and thread-safe; each {@code run} is independent. An operation runs on a worker thread so that it
 * can be timed; one that does not end in time is interrupted and the run goes on without waiting for it. Abandoned
 * work must stop, not burn a core behind later lines: an operation whose work grows with its input calls
 * {@link dev.keel.core.Cancellation#checkpoint()} in its loops, which ends it at the interrupt
 * ({@link CancelledException}, answered as {@code line_timeout} should it get to answer).
 */
public final class EvalRunner {

    /** Longest error message written; a longer one is cut. */
    public static final int MAX_MESSAGE_LENGTH = 1000;

    /** The time budget of a line unless {@link Builder#lineTimeout} says otherwise. */
    public static final Duration DEFAULT_LINE_TIMEOUT = Duration.ofSeconds(10);

    private static final int MAX_CODE_LENGTH = 100;
    private static final Set<String> REQUEST_KEYS = Set.of("op", "input");

    private final EvalOpRegistry registry;
    private final JsonCodec codec;
    private final int maxLineLength;
    private final int maxOutputLength;
    private final Duration lineTimeout;
    private final Map<String, UnaryOperator<Map<String, Object>>> inputDefaults;

    private EvalRunner(Builder builder) {
        this.registry = builder.registry;
        this.codec = builder.codec;
        this.maxLineLength = (int) Math.min(Integer.MAX_VALUE - 16, codec.limits().maxDocumentLength());
        this.maxOutputLength = builder.maxOutputLength > 0 ? builder.maxOutputLength : maxLineLength;
        this.lineTimeout = builder.lineTimeout;
        this.inputDefaults = Collections.unmodifiableMap(new LinkedHashMap<>(builder.inputDefaults));
    }

    /** A runner over {@code registry} with the strict default codec and the default bounds. */
    public static EvalRunner create(EvalOpRegistry registry) {
        return builder(registry).build();
    }

    /** A runner over {@code registry} with {@code codec} (its document limit bounds a line) and the default bounds. */
    public static EvalRunner create(EvalOpRegistry registry, JsonCodec codec) {
        return builder(registry).codec(codec).build();
    }

    public static Builder builder(EvalOpRegistry registry) {
        return new Builder(registry);
    }

    /**
     * Input defaults that add each member of {@code defaults} the input lacks (a member present as {@code null}
     * counts as given), after the input's own members: for {@link Builder#inputDefaults}. The values should be
     * plain-value trees, as a parsed line holds ({@link JsonCodec#toPlain} makes one).
     */
    public static UnaryOperator<Map<String, Object>> defaultMembers(Map<String, ?> defaults) {
        Map<String, Object> copy = Collections.unmodifiableMap(new LinkedHashMap<>(defaults));
        return input -> {
            if (input.keySet().containsAll(copy.keySet())) {
                return input;
            }
            Map<String, Object> completed = new LinkedHashMap<>(input);
            copy.forEach(completed::putIfAbsent);
            return Collections.unmodifiableMap(completed);
        };
    }

    /**
     * Answers every line of {@code in} on {@code out}; returns at the end of the input. Neither stream is closed.
     *
     * @throws UncheckedIOException when reading or writing fails, or the calling thread is interrupted
     */
    public EvalSummary run(Reader in, Writer out) {
        return run(new CharLines(in, maxLineLength), out);
    }

    /**
     * As {@link #run(Reader, Writer)} for UTF-8 bytes: each line is decoded on its own, and one that is not valid
     * UTF-8 is answered with {@code invalid_utf8} (the others are not affected). A line is at most the codec's
     * document limit in bytes. This is how {@code keel eval} should read standard input.
     *
     * @throws UncheckedIOException when reading or writing fails, or the calling thread is interrupted
     */
    public EvalSummary run(InputStream in, Writer out) {
        return run(new ByteLines(in, maxLineLength), out);
    }

    private EvalSummary run(Lines lines, Writer out) {
        long count = 0;
        long errors = 0;
        try (Worker worker = new Worker()) {
            Lines.Line line;
            while ((line = lines.next()) != null) {
                count++;
                Answer answer = line.text() == null ? error(Objects.requireNonNull(line.errorCode()),
                        line.errorMessage())
                        : worker.answer(line.text());
                if (answer.error()) {
                    errors++;
                }
                out.write(answer.text());
                out.write('\n');
                if (!lines.hasBufferedInput()) {
                    out.flush();
                }
            }
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new EvalSummary(count, errors);
    }

    /**
     * The answer to one line, as compact JSON text without the line break, within the same bounds as a run. Never
     * throws for bad input.
     *
     * @throws UncheckedIOException when the calling thread is interrupted
     */
    public String answer(String line) {
        try (Worker worker = new Worker()) {
            return worker.answer(line).text();
        } catch (InterruptedIOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Everything one line asks for, on the thread that calls it; never throws. */
    private Answer respond(String line) {
        try {
            Map<String, ?> result = evaluate(line);
            BoundedText text = new BoundedText(maxOutputLength);
            codec.write(result, text);
            return new Answer(text.toString(), false);
        } catch (UncheckedIOException e) {
            if (e.getCause() instanceof BoundedText.Full) {
                return error("output_too_long", "the answer is longer than " + maxOutputLength + " characters");
            }
            return error("internal_error", "the operation failed unexpectedly: " + e.getMessage());
        } catch (CancelledException e) {
            // Without a time budget the caller's own thread was interrupted: no line_timeout to speak of.
            return lineTimeout == null ? error(e.code(), e.getMessage()) : timedOut();
        } catch (KeelException e) {
            return error(e.code(), e.getMessage());
        } catch (RuntimeException | Error e) {
            return error("internal_error", "the operation failed unexpectedly: " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()));
        }
    }

    private Map<String, ?> evaluate(String line) {
        if (line.isBlank()) {
            throw new RequestException("invalid_request", "empty line: expected {\"op\": \"<op>\", \"input\": {...}}");
        }
        Map<String, Object> request = codec.parseObject(line);
        for (String key : request.keySet()) {
            if (!REQUEST_KEYS.contains(key)) {
                throw new RequestException("invalid_request", "unknown request field '" + key
                        + "': a request has only \"op\" and \"input\"");
            }
        }
        Object op = request.get("op");
        if (!(op instanceof String)) {
            throw new RequestException("invalid_request", "\"op\" must be a string naming one of " + registry.names());
        }
        Object input = request.get("input");
        if (!(input instanceof Map)) {
            throw new RequestException("invalid_request", "\"input\" must be a JSON object");
        }
        EvalOp evalOp = registry.find((String) op).orElseThrow(() -> new RequestException("unknown_op",
                "unknown op '" + op + "'; known ops: "
                        + (registry.names().isEmpty() ? "(none registered)" : String.join(", ", registry.names()))));
        @SuppressWarnings("unchecked")
        Map<String, Object> inputObject = (Map<String, Object>) input;
        UnaryOperator<Map<String, Object>> defaults = inputDefaults.get(op);
        if (defaults != null) {
            inputObject = defaults.apply(inputObject);
            if (inputObject == null) {
                throw new RequestException("internal_error", "the input defaults of op '" + op + "' returned nothing");
            }
        }
        Map<String, ?> result = evalOp.apply(inputObject);
        if (result == null) {
            throw new RequestException("internal_error", "op '" + op + "' returned nothing");
        }
        return result;
    }

    private Answer error(String code, @Nullable String message) {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("code", cut(code, MAX_CODE_LENGTH));
        error.put("message", cut(message == null ? code : message, MAX_MESSAGE_LENGTH));
        return new Answer(codec.write(Map.of("error", error)), true);
    }

    /** {@code text} cut to {@code max} characters (ending in "..."), never between the halves of a surrogate pair. */
    private static String cut(String text, int max) {
        if (text.length() <= max) {
            return text;
        }
        int end = max - 3;
        if (Character.isHighSurrogate(text.charAt(end - 1))) {
            end--;
        }
        return text.substring(0, end) + "...";
    }

    private record Answer(String text, boolean error) {
    }

    /** A request-level rejection; its code goes into the error line. */
    private static final class RequestException extends dev.keel.core.InvalidInputException {
        private static final long serialVersionUID = 1L;

        RequestException(String code, String message) {
            super(code, message);
        }
    }

    /**
     * Runs each line's work on a daemon thread and waits for it at most the line timeout (inline when there is
     * none). A line that does not end in time is interrupted and its thread not waited for; the next line gets a new
     * one. Not thread-safe: one per run.
     */
    private final class Worker implements AutoCloseable {

        private @Nullable ExecutorService executor;

        Answer answer(String line) throws InterruptedIOException {
            if (lineTimeout == null) {
                return respond(line);
            }
            if (executor == null) {
                executor = Executors.newSingleThreadExecutor(task -> {
                    Thread thread = new Thread(task, "keel-eval-line");
                    thread.setDaemon(true);
                    return thread;
                });
            }
            Future<Answer> future = executor.submit(() -> respond(line));
            try {
                return future.get(lineTimeout.toNanos(), TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                // The interrupt ends the operation at its next checkpoint; the next line gets a new thread.
                future.cancel(true);
                executor.shutdownNow();
                executor = null;
                return timedOut();
            } catch (ExecutionException e) {
                return error("internal_error", "the operation failed unexpectedly: " + e.getCause());
            } catch (InterruptedException e) {
                future.cancel(true);
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while a keel eval line was running");
            }
        }

        @Override
        public void close() {
            if (executor != null) {
                executor.shutdownNow();
            }
        }
    }

    private Answer timedOut() {
        return error("line_timeout", "the line took longer than " + describe(lineTimeout) + " and was abandoned");
    }

    private static String describe(Duration duration) {
        return duration.toMillis() % 1000 == 0 ? duration.toSeconds() + " s" : duration.toMillis() + " ms";
    }

    /** Builds an {@link EvalRunner}. Not thread-safe. */
    public static final class Builder {

        private final EvalOpRegistry registry;
        private JsonCodec codec = JsonCodec.strict();
        private int maxOutputLength;
        private Duration lineTimeout = DEFAULT_LINE_TIMEOUT;
        private final Map<String, UnaryOperator<Map<String, Object>>> inputDefaults = new LinkedHashMap<>();

        private Builder(EvalOpRegistry registry) {
            this.registry = Objects.requireNonNull(registry, "registry");
        }

        /** The codec that reads lines (its document limit bounds a line) and writes answers. */
        public Builder codec(JsonCodec codec) {
            this.codec = Objects.requireNonNull(codec, "codec");
            return this;
        }

        /** The longest answer written, in characters; a longer one is answered with {@code output_too_long}. */
        public Builder maxOutputLength(int maxOutputLength) {
            if (maxOutputLength < 256) {
                throw new IllegalArgumentException("an answer may need 256 characters, not only " + maxOutputLength);
            }
            this.maxOutputLength = maxOutputLength;
            return this;
        }

        /**
         * The time one line may take, or null for no limit (lines then run on the caller's thread); a line past it is
         * answered with {@code line_timeout}.
         */
        public Builder lineTimeout(Duration lineTimeout) {
            if (lineTimeout != null && (lineTimeout.isNegative() || lineTimeout.isZero())) {
                throw new IllegalArgumentException("a line timeout is positive, not " + lineTimeout);
            }
            this.lineTimeout = lineTimeout;
            return this;
        }

        /**
         * Applies {@code defaults} to the {@code input} of every line whose op is {@code op}, before the op sees it.
         * The function gets the input as parsed (unmodifiable) and returns the input the op gets; it may return its
         * argument. What it throws is the line's error, as for an op. One function per op; a later one replaces an
         * earlier one.
         */
        public Builder inputDefaults(String op, UnaryOperator<Map<String, Object>> defaults) {
            inputDefaults.put(Objects.requireNonNull(op, "op"), Objects.requireNonNull(defaults, "defaults"));
            return this;
        }

        public EvalRunner build() {
            return new EvalRunner(this);
        }
    }
}
