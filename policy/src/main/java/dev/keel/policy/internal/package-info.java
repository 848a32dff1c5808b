/**
 * Implementation details of the policy module: the policy document's format (its JSON Schema and binding),
 * phrase matching, ranking, text redaction (whole and streamed), and the {@code keel eval} operations {@code policy} and {@code filter}.
 * Not API: types here may change without notice. Everything here is pure; thread-safety is stated per type.
 */
package dev.keel.policy.internal;
