/**
 * The rules module's implementation: the JSON readers, compiled checks (CEL expressions, RE2/J patterns) and the
 * {@code keel eval} ops {@code rules_select}, {@code navigate} and {@code enforce}. Not an API: use
 * {@link dev.keel.rules}. Stateless or immutable; thread-safe.
 */
package dev.keel.rules.internal;
