/**
 * The MARP fleet transition assistant, built only from Keel's public parts: governance plane, request controller,
 * evidence routed by scenario, model routing with the internal-only safeguard, one reasoning call, aggregation
 * into its answer sections, the outbound filter and the provenance stub (described in {@code docs/marp-example.md}).
 *
 * <p>{@link dev.keel.examples.marp.MarpAssistant} is thread-safe once built; its answers are immutable. The only
 * I/O is what its evidence sources and backends do.
 */
package dev.keel.examples.marp;
