package dev.keel.examples.marp.evidence;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/** An element an answer may be asked to contain (the subtasks and canonical sections of {@code docs/marp-example.md}, "The steps"). */
public enum EvidenceElement {
    CAPABILITY_THRESHOLDS,
    TRANSITION_CALENDARS,
    UNCERTAINTY_BANDS,
    BOTTLENECKS,
    POLICY_FLAGS,
    WEEKLY_CURVES,
    BUDGET_UTILISATION;

    /**
     * The elements the subtasks ask for ({@code capability_threshold_check}, {@code identify_transition_calendars},
     * {@code compare_uncertainty_bands}, {@code identify_bottlenecks}, {@code collect_policy_flags}), plus weekly
     * curves and budget utilisation when the route reads governed data. Unknown subtasks ask for nothing.
     */
    public static Set<EvidenceElement> requestedBy(List<String> subtasks, EvidenceRoutingDecision routing) {
        Set<EvidenceElement> elements = EnumSet.noneOf(EvidenceElement.class);
        for (String subtask : subtasks) {
            switch (subtask) {
                case "capability_threshold_check":
                    elements.add(CAPABILITY_THRESHOLDS);
                    break;
                case "identify_transition_calendars":
                    elements.add(TRANSITION_CALENDARS);
                    break;
                case "compare_uncertainty_bands":
                    elements.add(UNCERTAINTY_BANDS);
                    break;
                case "identify_bottlenecks":
                    elements.add(BOTTLENECKS);
                    break;
                case "collect_policy_flags":
                    elements.add(POLICY_FLAGS);
                    break;
                default:
                    break;
            }
        }
        if (routing.route().usesGovernedData()) {
            elements.add(WEEKLY_CURVES);
            elements.add(BUDGET_UTILISATION);
        }
        return elements;
    }
}
