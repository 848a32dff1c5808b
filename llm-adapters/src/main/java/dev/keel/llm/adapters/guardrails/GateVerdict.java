package dev.keel.llm.adapters.guardrails;

import dev.keel.core.Decision;
import dev.keel.core.ReasonCodes;
import java.util.Objects;

/**
 * A governance decision and its reason codes, as a {@link PolicyGate} returns it. Immutable, pure and thread-safe.
 */
public record GateVerdict(Decision decision, ReasonCodes reasonCodes) {

    public GateVerdict {
        Objects.requireNonNull(decision, "decision");
        Objects.requireNonNull(reasonCodes, "reasonCodes");
    }

    public static GateVerdict of(Decision decision, String... reasonCodes) {
        return new GateVerdict(decision, ReasonCodes.of(reasonCodes));
    }
}
