package dev.keel.examples.springchat;

import dev.keel.core.BackendException;
import dev.keel.core.WireFormatException;
import dev.keel.core.json.JsonCodec;
import dev.keel.pipeline.GovernedAnswer;
import dev.keel.pipeline.GovernedRequest;
import dev.keel.pipeline.Pipeline;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /chat}: {@code {"message": "...", "session_id": "..."}} in, the governed answer out
 * ({@code request_id}, {@code outcome}, {@code decision}, {@code text}, {@code withheld} counts by kind,
 * {@code provenance}). A denial is an answer (HTTP 200, decision {@code DENY}); a request that is not strict JSON is
 * HTTP 400; a model that is down is HTTP 503. Both directions go through Keel's strict JSON codec. Thread-safe.
 */
@RestController
public final class ChatController {

    private static final int MAX_MESSAGE_LENGTH = 4_000;

    private final Pipeline pipeline;
    private final ChatUsers users;
    private final JsonCodec json = JsonCodec.strict();

    public ChatController(Pipeline pipeline, ChatUsers users) {
        this.pipeline = pipeline;
        this.users = users;
    }

    @PostMapping(path = "/chat", consumes = MediaType.APPLICATION_JSON_VALUE,
            produces = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<String> chat(@RequestHeader(name = "X-User", required = false) String user,
                                       @RequestBody String body) {
        Map<String, Object> request = json.parseObject(body);
        Object message = request.get("message");
        Object session = request.get("session_id");
        if (!(message instanceof String) || ((String) message).isBlank()
                || ((String) message).length() > MAX_MESSAGE_LENGTH
                || session != null && !(session instanceof String)) {
            return error(HttpStatus.BAD_REQUEST, "invalid_request", "expected {\"message\": a non-blank string of at"
                    + " most " + MAX_MESSAGE_LENGTH + " characters, \"session_id\"?: a string}");
        }
        GovernedAnswer answer = pipeline.call(GovernedRequest.builder()
                .principal(users.principalOf(user).orElse(null)).message((String) message)
                .sessionId((String) session).build());
        Map<String, Object> reply = new LinkedHashMap<>();
        reply.put("request_id", answer.requestId());
        reply.put("outcome", answer.outcome().wireName());
        reply.put("decision", answer.decision().wireName());
        reply.put("text", answer.text());
        reply.put("withheld", answer.withheldCounts());
        reply.put("provenance", answer.provenance().toWire());
        return ResponseEntity.ok(json.write(reply));
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
