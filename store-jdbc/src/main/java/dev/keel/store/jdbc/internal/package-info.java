/** The stores' implementation: SQL, schema migrations, connection settings and failure mapping. */
package dev.keel.store.jdbc.internal;
