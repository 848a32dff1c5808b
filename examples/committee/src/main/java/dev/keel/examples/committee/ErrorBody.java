package dev.keel.examples.committee;

import dev.keel.core.json.JsonCodec;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.http.MediaType;

/**
 * The service's one error body, {@code {"error": {"code", "message", "problems"?}}}, for the controller's refusals
 * and for those of the filters in front of it. Stateless; thread-safe.
 */
final class ErrorBody {

    private static final JsonCodec JSON = JsonCodec.strict();

    private ErrorBody() {
    }

    /** The body, {@code problems} only when there are any. */
    static String json(String code, String message, List<Map<String, String>> problems) {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("code", code);
        error.put("message", message);
        if (!problems.isEmpty()) {
            error.put("problems", problems);
        }
        return JSON.write(Map.of("error", error));
    }

    /** Answers {@code status} with the body, from a filter: nothing after it writes to the response. */
    static void write(HttpServletResponse response, int status, String code, String message) throws IOException {
        byte[] body = json(code, message, List.of()).getBytes(StandardCharsets.UTF_8);
        response.setStatus(status);
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
        response.flushBuffer();
    }
}
