package dev.keel.examples.committee;

import dev.keel.committee.InvalidCommitteeRequestException;
import dev.keel.core.BackendException;
import dev.keel.core.WireFormatException;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.AuditSink;
import dev.keel.store.jdbc.JdbcAuditSink;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /api/chat}: the chat request in, {@code {"reply", "meta", "audit"?}} out ({@link ChatService}). A
 * body that is not strict JSON or breaks the request contract is HTTP 400 with its problems by JSON pointer; in
 * replay mode, a request without a recording is HTTP 422; a store that fails is HTTP 503. {@code GET /health}: the
 * service is up and its audit store answers. Both directions go through Keel's strict JSON codec. Thread-safe.
 */
@RestController
public final class ChatController {

    private static final Logger LOG = LoggerFactory.getLogger(ChatController.class);

    private final ChatService service;
    private final AuditSink auditSink;
    private final JsonCodec json = JsonCodec.strict();

    public ChatController(ChatService service, AuditSink auditSink) {
        this.service = service;
        this.auditSink = auditSink;
    }

    @PostMapping(path = "/api/chat", consumes = MediaType.APPLICATION_JSON_VALUE,
            produces = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<String> chat(@RequestAttribute(RequestIdFilter.MDC_KEY) String requestId,
                                       @RequestBody String body) {
        return ResponseEntity.ok(json.write(service.answer(json.parse(body), requestId).wire()));
    }

    @GetMapping(path = "/health", produces = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<String> health() {
        Map<String, Object> health = new LinkedHashMap<>();
        health.put("status", "UP");
        health.put("mode", service.replay().isPresent() ? "replay" : "live");
        try {
            if (auditSink instanceof JdbcAuditSink stored) {
                health.put("auditRecords", stored.count());
            }
        } catch (BackendException failure) {
            LOG.warn("health: the audit store does not answer ({})", failure.code());
            health.put("status", "DOWN");
            return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE).body(json.write(health));
        }
        return ResponseEntity.ok(json.write(health));
    }

    @ExceptionHandler(InvalidCommitteeRequestException.class)
    ResponseEntity<String> invalid(InvalidCommitteeRequestException failure) {
        List<Map<String, String>> problems = failure.problems().stream()
                .map(problem -> Map.of("pointer", problem.pointer(), "message", problem.message())).toList();
        LOG.info("invalid request: {} problem(s)", problems.size());
        return error(HttpStatus.BAD_REQUEST, failure.code(), "the request does not follow the contract", problems);
    }

    @ExceptionHandler(WireFormatException.class)
    ResponseEntity<String> notJson(WireFormatException failure) {
        return error(HttpStatus.BAD_REQUEST, failure.code(), failure.getMessage(), List.of());
    }

    @ExceptionHandler(NoRecordingException.class)
    ResponseEntity<String> notRecorded(NoRecordingException failure) {
        return error(HttpStatus.UNPROCESSABLE_ENTITY, failure.code(), failure.getMessage(), List.of());
    }

    @ExceptionHandler(BackendException.class)
    ResponseEntity<String> storeDown(BackendException failure) {
        LOG.error("the request could not be stored ({})", failure.code());
        return error(HttpStatus.SERVICE_UNAVAILABLE, failure.code(), "the service is not available; try again later",
                List.of());
    }

    private ResponseEntity<String> error(HttpStatus status, String code, String message,
                                         List<Map<String, String>> problems) {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("code", code);
        error.put("message", message);
        if (!problems.isEmpty()) {
            error.put("problems", problems);
        }
        return ResponseEntity.status(status).contentType(MediaType.APPLICATION_JSON)
                .body(json.write(Map.of("error", error)));
    }
}
