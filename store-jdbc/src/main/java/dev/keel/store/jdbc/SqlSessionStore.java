package dev.keel.store.jdbc;

import dev.keel.core.RetriableBackendException;
import dev.keel.core.json.JsonCodec;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * {@link JdbcSessionStore} on the table {@code keel_session}, with optimistic concurrency: every write gives the row a
 * new version, and a write names the version it read ({@code UPDATE ... WHERE version = ?}); a new session is
 * inserted with {@code ON CONFLICT DO NOTHING}. Versions are drawn for all sessions from one sequence (a PostgreSQL
 * sequence; on SQLite a counter row kept by triggers), so none is written twice: a session removed and created again
 * has a version that no writer which read it before the removal holds, and such a writer's write changes no row. A
 * write that changed no row lost a race: the state is read again and the change applied to it, after a short random
 * pause that grows with each attempt so that writers racing for one session spread out. A removal deletes the row;
 * nothing of the session is kept. Thread-safe: every statement runs on its own autocommitted connection, and nothing
 * is held while the change is computed.
 */
final class SqlSessionStore implements JdbcSessionStore {

    private static final String SELECT = "SELECT version, state FROM keel_session WHERE session_id = ?";
    private static final String DELETE = "DELETE FROM keel_session WHERE session_id = ?";
    /** The longest pause between two attempts, in microseconds. */
    private static final long MAX_PAUSE_MICROS = 20_000;

    private final StoreDatabase database;
    private final int attempts;
    private final Clock clock;
    private final JsonCodec json = JsonCodec.strict();
    private final String insertSql;
    private final String updateSql;

    SqlSessionStore(StoreDatabase database, int attempts, Clock clock) {
        this.database = database;
        this.attempts = attempts;
        this.clock = clock;
        String nextVersion = nextVersion(database.dialect());
        this.insertSql = "INSERT INTO keel_session (session_id, version, state, updated_at) VALUES (?, " + nextVersion
                + ", ?, ?) ON CONFLICT (session_id) DO NOTHING";
        this.updateSql = "UPDATE keel_session SET version = " + nextVersion + ", state = ?, updated_at = ?"
                + " WHERE session_id = ? AND version = ?";
    }

    /** A version never written before, to any session: the sequence of migration V2. */
    private static String nextVersion(StoreDialect dialect) {
        return switch (dialect) {
            case POSTGRESQL -> "nextval('keel_session_version')";
            // The triggers move last_version up to the version written, in the same statement.
            case SQLITE -> "(SELECT last_version + 1 FROM keel_session_version)";
        };
    }

    /** A stored state and the version it was read at. */
    private record Versioned(long version, Map<String, Object> state) {
    }

    @Override
    public Map<String, Object> update(String sessionId, UnaryOperator<Map<String, Object>> change) {
        Objects.requireNonNull(sessionId, "sessionId");
        for (int attempt = 1; attempt <= attempts; attempt++) {
            Versioned current = select(sessionId);
            Map<String, Object> before = current == null ? Map.of() : current.state();
            Map<String, Object> after = freeze(change.apply(before));
            if (after.equals(before)) {
                return before;
            }
            boolean written = current == null ? insert(sessionId, after) : update(sessionId, after, current.version());
            if (written) {
                return after;
            }
            pause(attempt);
        }
        throw new RetriableBackendException(storeId(), "session '" + sessionId
                + "' was changed by other writers during each of " + attempts + " attempts; nothing was written", null);
    }

    @Override
    public Map<String, Object> read(String sessionId) {
        Versioned current = select(Objects.requireNonNull(sessionId, "sessionId"));
        return current == null ? Map.of() : current.state();
    }

    @Override
    public boolean remove(String sessionId) {
        try (Connection connection = database.connection();
             PreparedStatement delete = connection.prepareStatement(DELETE)) {
            delete.setString(1, sessionId);
            return delete.executeUpdate() == 1;
        } catch (SQLException failure) {
            throw database.failure("to remove a session", failure);
        }
    }

    private @Nullable Versioned select(String sessionId) {
        try (Connection connection = database.connection();
             PreparedStatement select = connection.prepareStatement(SELECT)) {
            select.setString(1, sessionId);
            try (ResultSet row = select.executeQuery()) {
                return row.next() ? new Versioned(row.getLong(1), json.parseObject(row.getString(2))) : null;
            }
        } catch (SQLException failure) {
            throw database.failure("to read a session", failure);
        }
    }

    private boolean insert(String sessionId, Map<String, Object> state) {
        try (Connection connection = database.connection();
             PreparedStatement insert = connection.prepareStatement(insertSql)) {
            insert.setString(1, sessionId);
            insert.setString(2, json.write(state));
            insert.setString(3, SqlTimestamps.format(clock.instant()));
            return insert.executeUpdate() == 1;
        } catch (SQLException failure) {
            throw database.failure("to write a session", failure);
        }
    }

    private boolean update(String sessionId, Map<String, Object> state, long version) {
        try (Connection connection = database.connection();
             PreparedStatement update = connection.prepareStatement(updateSql)) {
            update.setString(1, json.write(state));
            update.setString(2, SqlTimestamps.format(clock.instant()));
            update.setString(3, sessionId);
            update.setLong(4, version);
            return update.executeUpdate() == 1;
        } catch (SQLException failure) {
            throw database.failure("to write a session", failure);
        }
    }

    /** A random pause of up to 100 us doubled per attempt, at most {@link #MAX_PAUSE_MICROS}. */
    private void pause(int attempt) {
        long bound = Math.min(MAX_PAUSE_MICROS, 100L << Math.min(attempt, 20));
        try {
            TimeUnit.MICROSECONDS.sleep(ThreadLocalRandom.current().nextLong(bound + 1));
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new RetriableBackendException(storeId(), "interrupted while updating a session", interrupted);
        }
    }

    private String storeId() {
        return database.dialect().wireName() + "_store";
    }

    private static Map<String, Object> freeze(Map<String, Object> state) {
        return Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(state, "the changed state")));
    }

    @Override
    public String toString() {
        return "JdbcSessionStore{" + database + "}";
    }
}
