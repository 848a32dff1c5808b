package dev.keel.pipeline;

import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.MDC;

/**
 * Who a governed call is for, in the SLF4J MDC of the thread that runs it, for as long as it runs: the request id
 * ({@value #REQUEST_ID}), the subject ({@value #SUBJECT}), the session ({@value #SESSION_ID}) and each of the host's
 * audit attributes ({@value #ATTRIBUTE_PREFIX}{@code <name>}). Never message text. What the keys held before is put
 * back when the call ends, so a host's own values under them survive, and nested calls each see their own.
 *
 * <p>Belongs to one call, on its thread; not thread-safe.
 */
final class LoggingContext implements AutoCloseable {

    static final String REQUEST_ID = "keel.request_id";
    static final String SUBJECT = "keel.subject";
    static final String SESSION_ID = "keel.session_id";
    static final String ATTRIBUTE_PREFIX = "keel.attribute.";

    /** Each key set, and what it held before (null: nothing). */
    private final Map<String, String> previous = new LinkedHashMap<>();

    private LoggingContext() {
    }

    /** Puts the call's identity in the MDC until {@link #close()}. */
    static LoggingContext open(String requestId, GovernedRequest request) {
        LoggingContext context = new LoggingContext();
        context.put(REQUEST_ID, requestId);
        request.subject().ifPresent(subject -> context.put(SUBJECT, subject));
        request.sessionId().ifPresent(session -> context.put(SESSION_ID, session));
        request.auditAttributes().forEach((name, value) -> context.put(ATTRIBUTE_PREFIX + name, value));
        return context;
    }

    private void put(String key, String value) {
        previous.putIfAbsent(key, MDC.get(key));
        MDC.put(key, value);
    }

    @Override
    public void close() {
        previous.forEach((key, value) -> {
            if (value == null) {
                MDC.remove(key);
            } else {
                MDC.put(key, value);
            }
        });
    }
}
