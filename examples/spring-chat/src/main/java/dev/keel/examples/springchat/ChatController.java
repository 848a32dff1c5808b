package dev.keel.examples.springchat;

import dev.keel.core.BackendException;
import dev.keel.core.KeelException;
import dev.keel.core.Principal;
import dev.keel.core.WireFormatException;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.StreamHandle;
import dev.keel.pipeline.AnswerSink;
import dev.keel.pipeline.GovernedAnswer;
import dev.keel.pipeline.GovernedRequest;
import dev.keel.pipeline.Pipeline;
import dev.keel.spring.boot.KeelPrincipalMapper;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.springframework.core.task.TaskExecutor;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * {@code POST /chat}: {@code {"message": "...", "session_id": "..."}} in, the governed answer out
 * ({@code request_id}, {@code outcome}, {@code decision}, {@code text}, {@code withheld} counts by kind,
 * {@code provenance}, and {@code note} when the scripted model wrote it). The caller is the user Spring Security
 * authenticated ({@link ChatSecurity}), its principal and audit subject by the starter's {@link KeelPrincipalMapper}
 * ({@code keel.security.*} in {@code application.yml}). A denial is an answer (HTTP 200,
 * decision {@code DENY}); a request that is not strict JSON is HTTP 400; a model that is down is HTTP 503.
 * {@code POST /chat/stream} gives the same answer as server-sent events, and {@code GET /me} says who the caller is.
 * Both directions go through Keel's strict JSON codec. Thread-safe.
 *
 * <p>The seam for Spring AI: a second controller would take the same principal and put the pipeline behind a
 * Spring AI {@code ChatClient} through Keel's advisors, once that module exists; this one calls the pipeline
 * directly.
 */
@RestController
public final class ChatController {

    private static final int MAX_MESSAGE_LENGTH = 4_000;
    /** How long a streamed answer may take before the stream is closed (and the call cancelled). */
    private static final long STREAM_TIMEOUT_MILLIS = 120_000;

    private final Pipeline pipeline;
    private final KeelPrincipalMapper users;
    private final TaskExecutor executor;
    private final JsonCodec json = JsonCodec.strict();

    public ChatController(Pipeline pipeline, KeelPrincipalMapper users, TaskExecutor executor) {
        this.pipeline = pipeline;
        this.users = users;
        this.executor = executor;
    }

    /** {@code GET /me}: {@code {"user", "role", "clearance"}}, the role and clearance null without a principal. */
    @GetMapping(path = "/me", produces = MediaType.APPLICATION_JSON_VALUE)
    public String me(Authentication user) {
        Optional<Principal> principal = Optional.ofNullable(users.principal(user));
        Map<String, Object> me = new LinkedHashMap<>();
        me.put("user", user.getName());
        me.put("role", principal.map(Principal::role).orElse(null));
        me.put("clearance", principal.map(Principal::clearance).orElse(null));
        return json.write(me);
    }

    @PostMapping(path = "/chat", consumes = MediaType.APPLICATION_JSON_VALUE,
            produces = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<String> chat(Authentication user, @RequestBody String body) {
        GovernedRequest request = request(user, body);
        if (request == null) {
            return invalid();
        }
        GovernedAnswer answer = pipeline.call(request);
        Map<String, Object> reply = new LinkedHashMap<>();
        reply.put("request_id", answer.requestId());
        reply.put("outcome", answer.outcome().wireName());
        reply.put("decision", answer.decision().wireName());
        reply.put("text", answer.text());
        reply.put("withheld", answer.withheldCounts());
        reply.put("provenance", answer.provenance().toWire());
        ScriptedModel.noteOn(answer.provenance()).ifPresent(note -> reply.put("note", note));
        return ResponseEntity.ok(json.write(reply));
    }

    /**
     * {@code POST /chat/stream}: the same request, the governed answer as server-sent events: a {@code chunk} event
     * ({@code {"text": ...}}) for each piece the outbound filter lets go, then one {@code provenance} event
     * ({@code request_id}, {@code outcome}, {@code decision}, {@code reason_codes}, {@code redactions},
     * {@code withheld} by kind, {@code backend}, and {@code note} when the scripted model wrote it); a failure is
     * one {@code error} event ({@code code}). The principal is resolved on the
     * request's thread; the call runs on the application's task executor, and a client that goes away cancels it.
     */
    @PostMapping(path = "/chat/stream", consumes = MediaType.APPLICATION_JSON_VALUE,
            produces = MediaType.TEXT_EVENT_STREAM_VALUE)
    public ResponseEntity<?> stream(Authentication user, @RequestBody String body) {
        GovernedRequest request = request(user, body);
        if (request == null) {
            return invalid();
        }
        SseEmitter events = new SseEmitter(STREAM_TIMEOUT_MILLIS);
        StreamHandle handle = StreamHandle.create();
        events.onCompletion(handle::cancel);
        events.onTimeout(handle::cancel);
        events.onError(failure -> handle.cancel());
        executor.execute(() -> pipeline.stream(request, new AnswerSink() {
            @Override
            public void chunk(String text) {
                send("chunk", Map.of("text", text));
            }

            @Override
            public void complete(GovernedAnswer answer) {
                Map<String, Object> summary = new LinkedHashMap<>();
                summary.put("request_id", answer.requestId());
                summary.put("outcome", answer.outcome().wireName());
                summary.put("decision", answer.decision().wireName());
                summary.put("reason_codes", answer.provenance().reasonCodes().values());
                summary.put("redactions", answer.withheld().size());
                summary.put("withheld", answer.withheldCounts());
                summary.put("backend", answer.provenance().backendUsed());
                ScriptedModel.noteOn(answer.provenance()).ifPresent(note -> summary.put("note", note));
                send("provenance", summary);
                events.complete();
            }

            @Override
            public void fail(KeelException failure) {
                send("error", Map.of("code", failure.code()));
                events.complete();
            }

            private void send(String name, Map<String, Object> data) {
                try {
                    events.send(SseEmitter.event().name(name).data(json.write(data), MediaType.APPLICATION_JSON));
                } catch (IOException | IllegalStateException gone) {
                    // The client went away: the call stops, and is audited as cancelled.
                    handle.cancel();
                }
            }
        }, handle));
        return ResponseEntity.ok().contentType(MediaType.TEXT_EVENT_STREAM).body(events);
    }

    /** The governed request {@code body} asks for, for {@code user}; null when the body is not a chat request. */
    private GovernedRequest request(Authentication user, String body) {
        Map<String, Object> request = json.parseObject(body);
        Object message = request.get("message");
        Object session = request.get("session_id");
        if (!(message instanceof String) || ((String) message).isBlank()
                || ((String) message).length() > MAX_MESSAGE_LENGTH
                || session != null && !(session instanceof String)) {
            return null;
        }
        GovernedRequest.Builder governed = GovernedRequest.builder().principal(users.principal(user))
                .message((String) message).sessionId((String) session);
        String subject = users.subject(user);
        if (subject != null) {
            governed.subject(subject);
        }
        return governed.build();
    }

    private ResponseEntity<String> invalid() {
        return error(HttpStatus.BAD_REQUEST, "invalid_request", "expected {\"message\": a non-blank string of at"
                + " most " + MAX_MESSAGE_LENGTH + " characters, \"session_id\"?: a string}");
    }

    @ExceptionHandler(WireFormatException.class)
    ResponseEntity<String> notJson(WireFormatException failure) {
        return error(HttpStatus.BAD_REQUEST, failure.code(), failure.getMessage());
    }

    @ExceptionHandler(BackendException.class)
    ResponseEntity<String> modelDown(BackendException failure) {
        return error(HttpStatus.SERVICE_UNAVAILABLE, failure.code(), "the model is not available; try again later");
    }

    private ResponseEntity<String> error(HttpStatus status, String code, String message) {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("code", code);
        error.put("message", message);
        return ResponseEntity.status(status).contentType(MediaType.APPLICATION_JSON)
                .body(json.write(Map.of("error", error)));
    }
}
