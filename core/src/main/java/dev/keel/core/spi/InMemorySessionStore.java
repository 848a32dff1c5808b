package dev.keel.core.spi;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;

/**
 * A {@link SessionStore} in memory. States are stored as unmodifiable insertion-ordered copies; updates of one
 * session are atomic. Thread-safe.
 */
public final class InMemorySessionStore implements SessionStore {

    private final ConcurrentHashMap<String, Map<String, Object>> sessions = new ConcurrentHashMap<>();

    @Override
    public Map<String, Object> update(String sessionId, UnaryOperator<Map<String, Object>> change) {
        return sessions.compute(sessionId, (id, current) ->
                freeze(change.apply(current == null ? Map.of() : current)));
    }

    @Override
    public Map<String, Object> read(String sessionId) {
        return sessions.getOrDefault(sessionId, Map.of());
    }

    /** Forgets a session. */
    public void remove(String sessionId) {
        sessions.remove(sessionId);
    }

    private static Map<String, Object> freeze(Map<String, Object> state) {
        return Collections.unmodifiableMap(new LinkedHashMap<>(state));
    }
}
