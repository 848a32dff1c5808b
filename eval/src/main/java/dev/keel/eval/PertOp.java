package dev.keel.eval;

import dev.keel.committee.PertEstimate;
import java.util.Map;

/** {@code keel eval} op {@code pert}: {@link PertEstimate#fromWire} then {@link PertEstimate#toWire}. Pure, thread-safe. */
final class PertOp implements EvalOp {

    @Override
    public String name() {
        return "pert";
    }

    @Override
    public Map<String, ?> apply(Map<String, Object> input) {
        return PertEstimate.fromWire(input).toWire();
    }
}
