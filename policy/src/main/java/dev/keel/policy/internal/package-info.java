/**
 * Implementation details of the policy module: the policy document's format (its JSON Schema and binding),
 * phrase matching, ranking, sensitivity, prompt claims and the tool gate.
 * Not API: types here may change without notice. Everything here is pure; thread-safety is stated per type.
 */
package dev.keel.policy.internal;
