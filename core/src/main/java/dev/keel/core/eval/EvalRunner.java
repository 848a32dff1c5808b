package dev.keel.core.eval;

import dev.keel.core.KeelException;
import dev.keel.core.json.JsonCodec;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Runs a JSON Lines stream of {@code {"op": "<op>", "input": {...}}} requests through an {@link EvalOpRegistry}.
 *
 * <p>Exactly one compact JSON object is written per input line, in input order: the operation's result, or
 * {@code {"error": {"code": "...", "message": "..."}}} for a line that cannot be accepted (malformed JSON, a
 * request of the wrong shape, an unknown operation, input the operation rejects, a line over the document
 * limit). Lines are read and answered one at a time, so a stream of any length runs in constant memory. Output
 * is flushed whenever the input has nothing more buffered, so interactive use sees each answer at once.
 *
 * <p>Immutable and thread-safe; each {@link #run} is independent.
 */
public final class EvalRunner {

    private static final Set<String> REQUEST_KEYS = Set.of("op", "input");

    private final EvalOpRegistry registry;
    private final JsonCodec codec;
    private final int maxLineLength;

    private EvalRunner(EvalOpRegistry registry, JsonCodec codec) {
        this.registry = Objects.requireNonNull(registry, "registry");
        this.codec = Objects.requireNonNull(codec, "codec");
        this.maxLineLength = (int) Math.min(Integer.MAX_VALUE - 16, codec.limits().maxDocumentLength());
    }

    /** A runner over {@code registry} with the strict default codec. */
    public static EvalRunner create(EvalOpRegistry registry) {
        return create(registry, JsonCodec.strict());
    }

    public static EvalRunner create(EvalOpRegistry registry, JsonCodec codec) {
        return new EvalRunner(registry, codec);
    }

    /**
     * Answers every line of {@code in} on {@code out}; returns at the end of the input. Neither stream is
     * closed.
     *
     * @throws UncheckedIOException when reading or writing fails
     */
    public EvalSummary run(Reader in, Writer out) {
        LineReader lines = new LineReader(in, maxLineLength);
        long count = 0;
        long errors = 0;
        try {
            String line;
            while ((line = lines.next()) != null) {
                count++;
                Answer answer = lines.lastLineTooLong()
                        ? error("line_too_long", "line longer than " + maxLineLength + " characters")
                        : respond(line);
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

    /** The answer to one line, as compact JSON text without the line break. Never throws for bad input. */
    public String answer(String line) {
        return respond(line).text();
    }

    private Answer respond(String line) {
        try {
            return new Answer(codec.write(evaluate(line)), false);
        } catch (KeelException e) {
            return error(e.code(), e.getMessage());
        } catch (RuntimeException | StackOverflowError e) {
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
        Map<String, ?> result = evalOp.apply(inputObject);
        if (result == null) {
            throw new RequestException("internal_error", "op '" + op + "' returned nothing");
        }
        return result;
    }

    private Answer error(String code, String message) {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("code", code);
        error.put("message", message == null ? code : message);
        return new Answer(codec.write(Map.of("error", error)), true);
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
}
