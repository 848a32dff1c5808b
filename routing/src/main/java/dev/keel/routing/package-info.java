/**
 * Deterministic model routing: the {@link dev.keel.routing.RoutingIndex} that maps a routing key to a model voice,
 * a reasoning mode and a backend through a validated {@link dev.keel.routing.RoutingTable}, with the internal-only
 * safeguard and per-role overrides, and the {@link dev.keel.routing.RoutingDecision} that records it for the
 * provenance (described in {@code docs/routing.md}).
 *
 * <p>Everything here is pure (no I/O, no clock, no randomness: the same request always routes the same way)
 * and thread-safe.
 */
package dev.keel.routing;
