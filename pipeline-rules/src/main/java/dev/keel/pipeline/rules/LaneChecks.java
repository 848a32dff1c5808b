package dev.keel.pipeline.rules;

import java.util.List;

/**
 * Every check of the turn's answers, in order: one, or two when the first broke a rule. Immutable and thread-safe.
 *
 * @param checks the checks, first answer first
 */
public record LaneChecks(List<LaneCheck> checks) {

    public LaneChecks {
        checks = List.copyOf(checks);
    }

    /** These checks and {@code next}. */
    public LaneChecks with(LaneCheck next) {
        List<LaneCheck> more = new java.util.ArrayList<>(checks);
        more.add(next);
        return new LaneChecks(more);
    }
}
