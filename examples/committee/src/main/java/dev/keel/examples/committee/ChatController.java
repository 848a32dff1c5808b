package dev.keel.examples.committee;

import dev.keel.committee.InvalidCommitteeRequestException;
import dev.keel.core.BackendException;
import dev.keel.core.InvalidInputException;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.AuditSink;
import dev.keel.store.jdbc.JdbcAuditSink;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
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
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /api/chat}: the chat request in, {@code {"reply", "meta", "audit"?}} out ({@link ChatService}). A
 * body that is not UTF-8 or not strict JSON, or breaks the request contract, is HTTP 400 (the contract's problems by
 * JSON pointer); a body read past the limit is HTTP 413; in replay mode, a request without a recording is HTTP 422;
 * a store that fails is HTTP 503. {@code GET /health}: UP or DOWN, whether the audit store answers. Both directions
 * go through Keel's strict JSON codec. Thread-safe.
 */
@RestController
public final class ChatController {

    /** The code of HTTP 400 for a body that is not UTF-8. */
    public static final String INVALID_UTF8 = "invalid_utf8";

    private static final Logger LOG = LoggerFactory.getLogger(ChatController.class);

    private final ChatService service;
    private final AuditSink auditSink;
    private final JsonCodec json = JsonCodec.strict();

    public ChatController(ChatService service, AuditSink auditSink) {
        this.service = service;
        this.auditSink = auditSink;
    }

    /** The body is read here, through {@link BodyLimitFilter}'s bound, and decoded as strict UTF-8. */
    @PostMapping(path = "/api/chat", consumes = MediaType.APPLICATION_JSON_VALUE,
            produces = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<String> chat(@RequestAttribute(RequestIdFilter.MDC_KEY) String requestId, InputStream body)
            throws IOException {
        return ResponseEntity.ok(json.write(service.answer(json.parse(strictUtf8(body.readAllBytes())), requestId)
                .wire()));
    }

    /**
     * {@code {"status": "UP"}}, or HTTP 503 {@code {"status": "DOWN"}} when the audit store does not answer; nothing
     * more, so that an unauthenticated caller learns nothing of the traffic.
     */
    @GetMapping(path = "/health", produces = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<String> health() {
        try {
            if (auditSink instanceof JdbcAuditSink stored) {
                stored.count();
            }
        } catch (BackendException failure) {
            LOG.warn("health: the audit store does not answer ({})", failure.code());
            return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE).body(json.write(Map.of("status", "DOWN")));
        }
        return ResponseEntity.ok(json.write(Map.of("status", "UP")));
    }

    /**
     * {@code bytes} as UTF-8, refused when they are not: a lenient decoder would turn them into replacement
     * characters, and the committee would answer a message the client never sent.
     *
     * @throws InvalidInputException (code {@value #INVALID_UTF8}) for bytes that are not UTF-8
     */
    static String strictUtf8(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new InvalidInputException(INVALID_UTF8, "the request body is not valid UTF-8");
        }
    }

    @ExceptionHandler(InvalidCommitteeRequestException.class)
    ResponseEntity<String> invalid(InvalidCommitteeRequestException failure) {
        List<Map<String, String>> problems = failure.problems().stream()
                .map(problem -> Map.of("pointer", problem.pointer(), "message", problem.message())).toList();
        LOG.info("invalid request: {} problem(s)", problems.size());
        return error(HttpStatus.BAD_REQUEST, failure.code(), "the request does not follow the contract", problems);
    }

    /** Not strict JSON ({@code json_*} codes), or not UTF-8 ({@value #INVALID_UTF8}). */
    @ExceptionHandler(InvalidInputException.class)
    ResponseEntity<String> unreadable(InvalidInputException failure) {
        return error(HttpStatus.BAD_REQUEST, failure.code(), failure.getMessage(), List.of());
    }

    @ExceptionHandler(BodyLimitFilter.BodyTooLargeException.class)
    ResponseEntity<String> tooLarge(BodyLimitFilter.BodyTooLargeException failure) {
        LOG.info("refused: a body read past the limit");
        return error(HttpStatus.PAYLOAD_TOO_LARGE, BodyLimitFilter.CODE, failure.getMessage(), List.of());
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

    private static ResponseEntity<String> error(HttpStatus status, String code, String message,
                                                List<Map<String, String>> problems) {
        return ResponseEntity.status(status).contentType(MediaType.APPLICATION_JSON)
                .body(ErrorBody.json(code, message, problems));
    }
}
