package dev.keel.examples.marp.evidence;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The confidence checks ({@code docs/marp-example.md}, "Confidence"): are both calendars present, are the requested
 * elements populated, do governed figures contradict regulated knowledge? {@code high} when all three hold; {@code
 * low} when a calendar is missing or a figure contradicts; {@code partial} when only requested elements are missing.
 * The rationale says which check failed and where.
 *
 * <p>Contradictions: a weekly capability or dock utilisation outside the calendar's regulated range, a weekly budget
 * envelope different from the regulated envelope, or budget committed above the envelope.
 *
 * <p>Immutable, pure and thread-safe.
 */
public final class ConfidenceAssessor {

    private final List<String> expectedCalendars;

    private ConfidenceAssessor(List<String> expectedCalendars) {
        this.expectedCalendars = List.copyOf(expectedCalendars);
    }

    /** Expects calendars {@code A} and {@code B}, as the example's data does. */
    public static ConfidenceAssessor create() {
        return expecting(List.of("A", "B"));
    }

    public static ConfidenceAssessor expecting(List<String> calendarIds) {
        return new ConfidenceAssessor(calendarIds);
    }

    public ConfidenceAssessment assess(CollectedEvidence evidence, Set<EvidenceElement> requested) {
        Objects.requireNonNull(requested, "requested");
        RegulatedKnowledge knowledge = evidence.regulated();
        List<String> missingCalendars = new ArrayList<>();
        for (String id : expectedCalendars) {
            if (knowledge.calendar(id).isEmpty()) {
                missingCalendars.add("calendar " + id + " not in " + knowledge.source());
            }
            evidence.governed().filter(data -> data.rowsFor(id).isEmpty())
                    .ifPresent(data -> missingCalendars.add("calendar " + id + " has no weekly rows in " + data.source()));
        }
        List<String> missingElements = missingElements(evidence, requested);
        List<String> contradictions = new ArrayList<>();
        evidence.governed().ifPresent(data -> contradictions.addAll(contradictions(knowledge, data)));

        ConfidenceLevel level;
        String rationale;
        if (!missingCalendars.isEmpty() || !contradictions.isEmpty()) {
            level = ConfidenceLevel.LOW;
            List<String> problems = new ArrayList<>(missingCalendars);
            problems.addAll(contradictions);
            problems.addAll(missingElements);
            rationale = "Evidence incomplete or inconsistent: " + String.join("; ", problems) + ".";
        } else if (!missingElements.isEmpty()) {
            level = ConfidenceLevel.PARTIAL;
            rationale = "Both calendars present, but requested elements are missing: " + String.join("; ", missingElements) + ".";
        } else {
            level = ConfidenceLevel.HIGH;
            rationale = evidence.governed().isPresent()
                    ? "All requested elements present and consistent between regulated knowledge and governed data."
                    : "All requested elements present in regulated knowledge.";
        }
        return new ConfidenceAssessment(new Confidence(level, rationale), missingCalendars, missingElements, contradictions);
    }

    private List<String> missingElements(CollectedEvidence evidence, Set<EvidenceElement> requested) {
        RegulatedKnowledge knowledge = evidence.regulated();
        List<String> missing = new ArrayList<>();
        for (EvidenceElement element : requested) {
            switch (element) {
                case CAPABILITY_THRESHOLDS:
                    if (knowledge.thresholds().isEmpty()) {
                        missing.add("no capability thresholds in " + knowledge.source());
                    }
                    break;
                case BOTTLENECKS:
                    knowledge.calendars().stream().filter(c -> c.bottlenecks().isEmpty())
                            .forEach(c -> missing.add("no bottlenecks for calendar " + c.id() + " at " + c.locator()));
                    break;
                case POLICY_FLAGS:
                    if (knowledge.calendars().stream().allMatch(c -> c.policyFlags().isEmpty())) {
                        missing.add("no policy flags in " + knowledge.source());
                    }
                    break;
                case WEEKLY_CURVES:
                case BUDGET_UTILISATION:
                    if (evidence.governed().isEmpty()) {
                        missing.add(element.name().toLowerCase(java.util.Locale.ROOT)
                                + " requested but governed data is not used by route " + evidence.routing().reason());
                    }
                    break;
                default:
                    // Calendars and uncertainty bands are required fields of every calendar; presence is checked above.
                    break;
            }
        }
        return missing;
    }

    private static List<String> contradictions(RegulatedKnowledge knowledge, GovernedData data) {
        List<String> found = new ArrayList<>();
        for (WeeklyRow row : data.rows()) {
            TransitionCalendar calendar = knowledge.calendar(row.calendarId()).orElse(null);
            if (calendar == null) {
                found.add("week " + row.week() + " at " + row.locator() + " belongs to calendar " + row.calendarId()
                        + ", which regulated knowledge does not define");
                continue;
            }
            outside(found, row, "capability", row.capability(), calendar.capabilityRange());
            outside(found, row, "dock_utilisation", row.dockUtilisation(), calendar.dockUtilisationRange());
            BudgetEnvelope budget = calendar.budget();
            if (row.budgetEnvelope().compareTo(budget.amount()) != 0) {
                found.add("calendar " + row.calendarId() + " week " + row.week() + " budget_envelope "
                        + row.budgetEnvelope().toPlainString() + " at " + row.locator().child("budget_envelope")
                        + " differs from the regulated envelope " + budget.amount().toPlainString() + " at " + budget.locator());
            }
            if (row.budgetCommitted().compareTo(budget.amount()) > 0) {
                found.add("calendar " + row.calendarId() + " week " + row.week() + " budget_committed "
                        + row.budgetCommitted().toPlainString() + " at " + row.locator().child("budget_committed")
                        + " exceeds the regulated envelope " + budget.amount().toPlainString() + " at " + budget.locator());
            }
        }
        return found;
    }

    private static void outside(List<String> found, WeeklyRow row, String column, java.math.BigDecimal value, ValueRange range) {
        if (!range.contains(value)) {
            found.add("calendar " + row.calendarId() + " week " + row.week() + " " + column + " " + value.toPlainString()
                    + " at " + row.locator().child(column) + " is outside the regulated range " + range + " at "
                    + range.locator());
        }
    }
}
