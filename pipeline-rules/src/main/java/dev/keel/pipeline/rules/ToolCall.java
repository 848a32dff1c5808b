package dev.keel.pipeline.rules;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One run of a tool a matched rule names: the tool, the conversation's variables (session and profile), and who
 * asks. Immutable and thread-safe.
 *
 * @param tool      the tool's name, as the rule writes it
 * @param arguments the session's variables and the customer's profile fields, by name (plain JSON values)
 * @param sessionId the conversation's session
 * @param requestId the governed call's request id
 */
public record ToolCall(String tool, Map<String, Object> arguments, String sessionId, String requestId) {

    public ToolCall {
        Objects.requireNonNull(tool, "tool");
        arguments = Collections.unmodifiableMap(new LinkedHashMap<>(arguments));
        Objects.requireNonNull(sessionId, "sessionId");
        Objects.requireNonNull(requestId, "requestId");
    }
}
