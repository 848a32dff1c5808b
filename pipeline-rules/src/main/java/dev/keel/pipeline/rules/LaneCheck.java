package dev.keel.pipeline.rules;

import dev.keel.rules.RuleVerdict;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How one written answer fared: Lane 1's verdict, and, when Lane 1 passed and subjective rules were to be judged,
 * the judge's. Immutable and thread-safe.
 *
 * @param attempt    1 for the first answer, 2 for the answer written again
 * @param risky      whether a matched rule was risky
 * @param sampled    whether the turn was sampled for audit
 * @param lane1      the deterministic rules' verdict and the subjective rules to judge
 * @param judged     the subjective rules the judge was asked about (none when Lane 1 already failed)
 * @param judgeFound the rules the judge found broken
 * @param judgeNote  the judge's reason, or why its reply could not be read
 */
public record LaneCheck(int attempt, boolean risky, boolean sampled, RuleVerdict lane1, List<String> judged,
                        List<String> judgeFound, String judgeNote) {

    public LaneCheck {
        Objects.requireNonNull(lane1, "lane1");
        judged = List.copyOf(judged);
        judgeFound = List.copyOf(judgeFound);
        judgeNote = judgeNote == null ? "" : judgeNote;
    }

    /** Whether the answer kept every rule checked. */
    public boolean passed() {
        return lane1.passed() && judgeFound.isEmpty();
    }

    /** The check as a plain JSON object, for traces. */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("attempt", attempt);
        wire.put("risky", risky);
        wire.put("sampled", sampled);
        wire.put("lane1", lane1.toWire());
        wire.put("judged", judged);
        wire.put("judge_found", judgeFound);
        wire.put("judge_note", judgeNote);
        return wire;
    }
}
