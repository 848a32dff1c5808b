package dev.keel.examples.marp.reasoning;

import dev.keel.core.Decision;
import dev.keel.core.Principal;

/** The MARP brief, as tests use it. */
final class Briefs {

    private Briefs() {
    }

    /** The user's message the MARP brief is asked with. */
    static final String QUESTION = "SCENARIO 2: compare Calendars A and B";

    static ExplanationBrief.Builder marp() {
        return ExplanationBrief.builder()
                .principal(Principal.of("planner", "secret"))
                .decision(Decision.ALLOW)
                .scenarioLabel("MARP fleet transition, retire two boats in Q3")
                .addConstraint("Capability threshold: at least 8 boats available every week")
                .addConstraint("Dock: one slot per week")
                .addConstraint("Budget envelope: 1.2 M per quarter")
                .calendar("Transition Calendar A", "Retire boat 1 in week 2 and boat 2 in week 9.")
                .calendar("Transition Calendar B", "Retire both boats in weeks 4-5.")
                .addWeeklyBehaviour("Availability dips to 8 in weeks 4-6 under B.")
                .domains(ExplanationBrief.Section.CONSTRAINTS, java.util.Set.of("capability_planning"))
                .domains(ExplanationBrief.Section.CALENDARS, java.util.Set.of("transition_calendars"))
                .domains(ExplanationBrief.Section.WEEKLY_BEHAVIOUR, java.util.Set.of("capability_planning"))
                .reasoningMode("balanced_summary")
                .requestId("req-1");
    }
}
