package dev.keel.examples.services;

import dev.keel.core.spi.SessionStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * A session store that keeps the state after every change one stage run makes, so that the trace can show the
 * state after each merge: the first change starts the run, each later one merges an accepted output. Reads pass
 * through unrecorded. One per run; confined to the thread running it.
 */
final class RecordingSessionStore implements SessionStore {

    private final SessionStore store;
    private final List<Map<String, Object>> states = new ArrayList<>();

    RecordingSessionStore(SessionStore store) {
        this.store = store;
    }

    @Override
    public Map<String, Object> update(String sessionId, UnaryOperator<Map<String, Object>> change) {
        Map<String, Object> state = store.update(sessionId, change);
        states.add(state);
        return state;
    }

    @Override
    public Map<String, Object> read(String sessionId) {
        return store.read(sessionId);
    }

    /** The state after each change, in order. */
    List<Map<String, Object>> states() {
        return states;
    }
}
