/**
 * Structured output: ask a backend for one JSON object, parse it with the core codec, validate it against a
 * contract, and re-ask with the violations, a bounded number of times
 * ({@link dev.keel.models.structured.StructuredOutput}). Contracts plug in through the functional
 * {@link dev.keel.models.structured.OutputValidator}, so a stage contract adapts in one line. Violations
 * are values, never exceptions. Types here are immutable and thread-safe.
 */
package dev.keel.models.structured;
