package dev.keel.core.spi;

import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Keeps each session's cached state: a JSON-shaped object (plain values) keyed by session id, such as the
 * stage runtime's {@code cached_state}.
 *
 * <p>Implementations must be thread-safe and apply {@link #update} atomically per session: two concurrent
 * updates of one session never lose either change. An implementation that can remove a session keeps removals
 * atomic too: once a session is removed, no update writes a state it computed from what the session held before,
 * so neither the removed state nor a change to it comes back.
 */
@FunctionalInterface
public interface SessionStore {

    /**
     * Atomically replaces the session's state with {@code change} applied to it (an empty map for a new
     * session) and returns the new state.
     *
     * @throws dev.keel.core.BackendException when the store fails
     */
    Map<String, Object> update(String sessionId, UnaryOperator<Map<String, Object>> change);

    /** The session's current state; empty for an unknown session. */
    default Map<String, Object> read(String sessionId) {
        return update(sessionId, UnaryOperator.identity());
    }
}
