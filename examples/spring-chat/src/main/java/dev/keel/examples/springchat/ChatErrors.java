package dev.keel.examples.springchat;

import dev.keel.core.BackendException;
import dev.keel.core.InvalidInputException;
import dev.keel.core.json.JsonCodec;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * The errors of both chat paths, as {@code {"error": {"code", "message"}}}: a body that is not strict JSON or not a
 * chat request is HTTP 400, a model that is down HTTP 503. Stateless and thread-safe.
 */
@RestControllerAdvice
class ChatErrors {

    /** HTTP 400, with the failure's code, for a body that is not strict JSON or not a chat request. */
    @ExceptionHandler(InvalidInputException.class)
    ResponseEntity<String> invalid(InvalidInputException failure) {
        return error(HttpStatus.BAD_REQUEST, failure.code(), failure.getMessage());
    }

    @ExceptionHandler(BackendException.class)
    ResponseEntity<String> modelDown(BackendException failure) {
        return error(HttpStatus.SERVICE_UNAVAILABLE, failure.code(), "the model is not available; try again later");
    }

    private static ResponseEntity<String> error(HttpStatus status, String code, String message) {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("code", code);
        error.put("message", message);
        return ResponseEntity.status(status).contentType(MediaType.APPLICATION_JSON)
                .body(JsonCodec.strict().write(Map.of("error", error)));
    }
}
