/**
 * Implementation details of the policy module: document reading and Jakarta Validation, phrase matching,
 * ranking, text redaction, and the {@code keel eval} operations {@code policy} and {@code filter}. Not API:
 * types here may change without notice. Everything here is pure; thread-safety is stated per type.
 */
package dev.keel.policy.internal;
