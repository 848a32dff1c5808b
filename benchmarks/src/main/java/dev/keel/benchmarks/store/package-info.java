/**
 * JMH benchmarks of what running Keel inside a service adds: an audit append on SQLite and on PostgreSQL against
 * a bare JDBC insert of the same row with the same durability, and the observations and the decision log against
 * the bare governed call, each pair in the same run.
 */
package dev.keel.benchmarks.store;
