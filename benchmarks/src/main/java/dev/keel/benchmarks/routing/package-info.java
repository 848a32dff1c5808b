/**
 * JMH benchmarks of {@link dev.keel.routing.RoutingIndex} beside a plain {@code HashMap} lookup. Benchmark state
 * is per benchmark and read-only.
 */
package dev.keel.benchmarks.routing;
