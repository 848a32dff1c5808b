package dev.keel.llm.adapters.guardrails;

/**
 * The outbound filter of seed 000 §4.3 applied to a model's reply under a verdict (PARTIAL: qualitative only).
 * A host wires its filter here, for example {@code (verdict, text) -> filter.apply(verdict.decision(), text).text()}.
 *
 * <p>Implementations must be pure and thread-safe.
 */
@FunctionalInterface
public interface OutboundTextFilter {

    /** The text that may leave, given {@code verdict}. */
    String filter(GateVerdict verdict, String text);
}
