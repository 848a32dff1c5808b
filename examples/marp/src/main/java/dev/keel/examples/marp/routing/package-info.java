/**
 * The MARP seed's model routing, as this example's routing strategy: the length of the routing key modulo 10
 * selects one of ten entries ({@link dev.keel.examples.marp.routing.LengthModTenStrategy}), and the key's scenario
 * tag is read by the {@link dev.keel.examples.marp.routing.ScenarioTagger}. The library's router applies its
 * overrides and the internal-only safeguard over it. Pure and thread-safe.
 */
package dev.keel.examples.marp.routing;
