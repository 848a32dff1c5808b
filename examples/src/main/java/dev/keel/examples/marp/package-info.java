/**
 * The MARP fleet transition assistant of seed 000, built only from Keel's public parts: governance plane,
 * request controller, evidence routed by scenario, model routing with the top-secret safeguard, one reasoning
 * call, aggregation into the seed's sections, the outbound filter and the provenance stub.
 *
 * <p>{@link dev.keel.examples.marp.MarpAssistant} is thread-safe once built; its answers are immutable. The only
 * I/O is what its evidence sources and backends do.
 */
package dev.keel.examples.marp;
