/**
 * What the governed call shows an observer: the Micrometer observations of {@link dev.keel.pipeline.Pipeline}
 * ({@link dev.keel.pipeline.observation.KeelObservation}: the call, each step, each model call) and their contexts,
 * which carry the answer and the model's reply to the host's handlers. Described in {@code docs/observability.md}.
 *
 * <p>Contexts are mutable while their observation runs, as every Micrometer context is, and are handed to one
 * observation's handlers only.
 */
package dev.keel.pipeline.observation;
