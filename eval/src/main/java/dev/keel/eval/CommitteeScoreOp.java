package dev.keel.eval;

import dev.keel.committee.CommitteeScore;
import java.util.Map;

/**
 * {@code keel eval} op {@code committee_score}: {@link CommitteeScore#fromWire} then {@link CommitteeScore#toWire}.
 * Stateless: pure and thread-safe.
 */
final class CommitteeScoreOp implements EvalOp {

    @Override
    public String name() {
        return "committee_score";
    }

    @Override
    public Map<String, ?> apply(Map<String, Object> input) {
        return CommitteeScore.fromWire(input).toWire();
    }
}
