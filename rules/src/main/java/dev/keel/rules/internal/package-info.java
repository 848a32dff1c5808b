/**
 * The rules module's implementation: the rule book's format (its JSON Schema is the validator) and the compiled
 * checks (CEL expressions, RE2/J patterns). Not an API: use {@link dev.keel.rules}. Stateless or immutable;
 * thread-safe.
 */
package dev.keel.rules.internal;
