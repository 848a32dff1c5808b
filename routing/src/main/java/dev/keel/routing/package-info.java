/**
 * Deterministic model routing: the {@link dev.keel.routing.RoutingIndex} that maps a request to a model voice, a
 * reasoning mode and a backend through a validated {@link dev.keel.routing.RoutingTable} and its
 * {@link dev.keel.routing.RoutingStrategy} (weighted pools by a stable hash of the routing key, or one a host
 * provides), with the internal-only safeguard and per-role overrides over any strategy, and the
 * {@link dev.keel.routing.RoutingDecision} that records it for the provenance (described in
 * {@code docs/routing.md}).
 *
 * <p>Everything here is pure (no I/O, no clock, no randomness: the same request always routes the same way)
 * and thread-safe. The one exception is finding strategy providers on the class path
 * ({@link dev.keel.routing.RoutingStrategies#discover()}), which reading a table that names a strategy other than
 * the built-in one does when not told which strategies there are.
 */
package dev.keel.routing;
