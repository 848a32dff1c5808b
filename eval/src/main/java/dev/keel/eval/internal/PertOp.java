package dev.keel.eval.internal;

import dev.keel.committee.PertEstimate;
import dev.keel.eval.EvalOp;
import java.util.Map;

/** {@code keel eval} op {@code pert}: {@link PertEstimate#fromWire} then {@link PertEstimate#toWire}. Pure, thread-safe. */
public final class PertOp implements EvalOp {

    @Override
    public String name() {
        return "pert";
    }

    @Override
    public Map<String, ?> apply(Map<String, Object> input) {
        return PertEstimate.fromWire(input).toWire();
    }
}
