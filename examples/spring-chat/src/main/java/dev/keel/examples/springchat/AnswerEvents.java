package dev.keel.examples.springchat;

import dev.keel.core.json.JsonCodec;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * One governed answer as server-sent events, the same on both paths: a {@code chunk} event ({@code {"text": ...}})
 * for each piece the outbound filter let go, then one {@code provenance} event ({@link #summary}), or one
 * {@code error} event ({@code {"code": ...}}). A client that goes away, or a stream that outlives its timeout, cancels
 * the call. Thread-safe as {@link SseEmitter} is.
 */
final class AnswerEvents {

    /** How long a streamed answer may take before the stream is closed (and the call cancelled). */
    private static final long TIMEOUT_MILLIS = 120_000;

    private final SseEmitter events = new SseEmitter(TIMEOUT_MILLIS);
    private final Runnable cancel;

    /** Events that run {@code cancel} when the client goes away or the stream times out. */
    AnswerEvents(Runnable cancel) {
        this.cancel = cancel;
        events.onCompletion(cancel);
        events.onTimeout(cancel);
        events.onError(failure -> cancel.run());
    }

    void chunk(String text) {
        send("chunk", Map.of("text", text));
    }

    /** The last event: the answer's provenance; the stream ends. */
    void provenance(Map<String, Object> summary) {
        send("provenance", summary);
        events.complete();
    }

    /** The last event of a failed answer; the stream ends. */
    void error(String code) {
        send("error", Map.of("code", code));
        events.complete();
    }

    ResponseEntity<SseEmitter> response() {
        return ResponseEntity.ok().contentType(MediaType.TEXT_EVENT_STREAM).body(events);
    }

    private void send(String name, Map<String, Object> data) {
        try {
            events.send(SseEmitter.event().name(name).data(JsonCodec.strict().write(data), MediaType.APPLICATION_JSON));
        } catch (IOException | IllegalStateException gone) {
            // The client went away: the call stops, and is audited as cancelled.
            cancel.run();
        }
    }

    /**
     * The {@code provenance} event: {@code request_id}, {@code outcome}, {@code decision}, {@code reason_codes},
     * {@code redactions} (how many items were withheld), {@code withheld} by kind, {@code backend} (null when no model
     * was called), and {@code note} when the scripted model wrote the answer.
     */
    static Map<String, Object> summary(String requestId, String outcome, String decision, List<String> reasonCodes,
                                       Map<String, Integer> withheld, @Nullable String backend) {
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("request_id", requestId);
        summary.put("outcome", outcome);
        summary.put("decision", decision);
        summary.put("reason_codes", reasonCodes);
        summary.put("redactions", withheld.values().stream().mapToInt(Integer::intValue).sum());
        summary.put("withheld", withheld);
        summary.put("backend", backend);
        ScriptedModel.noteFor(backend).ifPresent(note -> summary.put("note", note));
        return summary;
    }

    /**
     * The answer of {@code POST /chat} and {@code POST /ai/chat}: {@code request_id}, {@code outcome},
     * {@code decision}, {@code text}, {@code withheld} by kind, {@code provenance} (its wire map), and {@code note}
     * when the scripted model wrote it.
     */
    static Map<String, Object> answer(String requestId, String outcome, String decision, String text,
                                      Map<String, Integer> withheld, Map<String, Object> provenance) {
        Map<String, Object> reply = new LinkedHashMap<>();
        reply.put("request_id", requestId);
        reply.put("outcome", outcome);
        reply.put("decision", decision);
        reply.put("text", text);
        reply.put("withheld", withheld);
        reply.put("provenance", provenance);
        ScriptedModel.noteFor(provenance.get("backend_used")).ifPresent(note -> reply.put("note", note));
        return reply;
    }
}
