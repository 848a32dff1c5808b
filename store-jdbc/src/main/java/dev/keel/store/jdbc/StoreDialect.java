package dev.keel.store.jdbc;

import java.util.Locale;

/** The databases the stores run on. Immutable and thread-safe. */
public enum StoreDialect {
    /** One file on the host's disk, for one node: the embedded default. */
    SQLITE,
    /** A PostgreSQL server (15 or later), for any number of nodes. */
    POSTGRESQL;

    /** The lower-case wire name, for example {@code sqlite}. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
