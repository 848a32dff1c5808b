/**
 * The governed call: {@link dev.keel.pipeline.Pipeline} takes a {@link dev.keel.pipeline.GovernedRequest} from the
 * host's principal to a {@link dev.keel.pipeline.GovernedAnswer} through governance, the application's
 * {@link dev.keel.pipeline.TurnStep}s, routing, evidence ({@link dev.keel.pipeline.EvidenceProvider}), reasoning
 * ({@link dev.keel.pipeline.ReasoningStep}, reaching models only through the egress-filtered
 * {@link dev.keel.pipeline.BackendCalls}), enforcement ({@link dev.keel.pipeline.EnforcementStep}), the outbound
 * filter once, the provenance and the audit record (described in {@code docs/governed-call.md}).
 *
 * <p>Values are immutable and thread-safe; builders are not. The pipeline is thread-safe; the steps an application
 * plugs in must be too.
 */
package dev.keel.pipeline;
