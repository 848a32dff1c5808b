package dev.keel.store.jdbc;

import dev.keel.core.spi.SessionStore;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * A {@link SessionStore} on a database table, with optimistic concurrency: each session row carries a version; an
 * update reads the state and its version, applies the change, and writes only if the version is still the one it
 * read, else it reads again and applies the change to the newer state. So two hosts updating one session never lose
 * an update, and nothing is locked while the change is computed. Versions are never reused, not even after the
 * session is removed: a writer that read the session before its removal never writes over the session created
 * after it, and never brings the removed state back; it applies its change again to the current state.
 *
 * <p>Because of that, {@code change} may be applied more than once: it must be a function of the state it is given,
 * without side effects. An update that gives up (the session changed under it too many times in a row) throws a
 * {@link dev.keel.core.RetriableBackendException} and has changed nothing. States are JSON-shaped (plain values);
 * read back, numbers are {@link java.math.BigDecimal}s. Thread-safe.
 */
public interface JdbcSessionStore extends SessionStore {

    /**
     * {@inheritDoc}
     *
     * @throws dev.keel.core.RetriableBackendException when the session changed concurrently on every attempt
     * @throws dev.keel.core.BackendException          when the database fails
     */
    @Override
    Map<String, Object> update(String sessionId, UnaryOperator<Map<String, Object>> change);

    /** The session's current state, read without writing; empty for an unknown session. */
    @Override
    Map<String, Object> read(String sessionId);

    /**
     * Erases a session: its row is deleted, and nothing of its state is kept (no tombstone). An update that read the
     * session before the removal writes nothing it computed from that state: it applies its change to the current
     * state instead.
     *
     * @return true when the session was stored
     * @throws dev.keel.core.BackendException when the database fails
     */
    boolean remove(String sessionId);
}
