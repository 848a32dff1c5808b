/**
 * Implementation details of the routing module: the {@code keel eval} operation {@code route}. Not API.
 * Stateless and thread-safe.
 */
package dev.keel.routing.internal;
