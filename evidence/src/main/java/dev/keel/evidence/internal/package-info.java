/**
 * Implementation details of the evidence plane: JavaScript conversion semantics for the discovery plan protocol and the
 * {@code keel eval} ops {@code discovery_plan} and {@code evidence_gate}. Not API; pure and thread-safe.
 */
package dev.keel.evidence.internal;
