package dev.keel.store.jdbc;

import dev.keel.core.spi.SessionStore;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * A {@link SessionStore} on a database table, with optimistic concurrency: each session row carries a version; an
 * update reads the state and its version, applies the change, and writes only if the version is still the one it
 * read, else it reads again and applies the change to the newer state. So two hosts updating one session never lose
 * an update, and nothing is locked while the change is computed.
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
     * Forgets a session.
     *
     * @return true when the session was stored
     * @throws dev.keel.core.BackendException when the database fails
     */
    boolean remove(String sessionId);
}
