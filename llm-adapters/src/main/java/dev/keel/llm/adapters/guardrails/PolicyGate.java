package dev.keel.llm.adapters.guardrails;

/**
 * The governance decision for a user message. A host wires its policy evaluator here, for example
 * {@code input -> { var d = evaluator.evaluate(principalOf(input), domainsOf(input.userMessage())); return new GateVerdict(d.decision(), d.reasonCodes()); }}.
 *
 * <p>Implementations must be deterministic (the output guardrail asks again for the same message and must get
 * the same answer), thread-safe, and report a denial as a DENY verdict, not as an exception.
 */
@FunctionalInterface
public interface PolicyGate {

    GateVerdict decide(GuardedInput input);
}
