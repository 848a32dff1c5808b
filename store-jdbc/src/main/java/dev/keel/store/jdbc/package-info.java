/**
 * Audit and session stores on JDBC: {@link dev.keel.store.jdbc.JdbcStores} opens one database (SQLite, the
 * embedded default, or PostgreSQL for more than one node), migrates its schema and hands out the
 * {@link dev.keel.store.jdbc.JdbcAuditSink} and {@link dev.keel.store.jdbc.JdbcSessionStore} on it. Described in
 * {@code docs/stores.md}.
 *
 * <p>The stores are thread-safe and may be shared by every call of a host; several hosts may share one
 * PostgreSQL database.
 */
package dev.keel.store.jdbc;
