/**
 * langchain4j guardrails over Keel's governance: the policy decision as an {@code InputGuardrail} and the
 * outbound filter as an {@code OutputGuardrail} (one {@link dev.keel.llm.adapters.guardrails.KeelGuardrails} gives both), so
 * that an AI Services user adds Keel in a few lines. The policy and the filter come in as functional interfaces
 * ({@link dev.keel.llm.adapters.guardrails.PolicyGate}, {@link dev.keel.llm.adapters.guardrails.OutboundTextFilter}):
 * the host wires its {@code PolicyEvaluator} and {@code OutboundFilter} with a lambda each.
 *
 * <p>The guardrails are thread-safe when the functions are.
 */
package dev.keel.llm.adapters.guardrails;
