package dev.keel.llm.adapters.guardrails;

/**
 * The governance decision for a user message. A host wires its policy evaluator here, for example
 * {@code input -> { var d = evaluator.evaluate(principalOf(input), domainsOf(input.userMessage())); return new GateVerdict(d.decision(), d.reasonCodes()); }}.
 *
 * <p>Implementations must be pure, thread-safe, and report a denial as a DENY verdict, not as an exception. The gate is
 * asked once per call; the output guardrail reuses its verdict.
 */
@FunctionalInterface
public interface PolicyGate {

    GateVerdict decide(GuardedInput input);
}
