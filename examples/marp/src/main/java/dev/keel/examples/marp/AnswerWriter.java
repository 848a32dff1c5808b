package dev.keel.examples.marp;

import dev.keel.core.Decision;
import dev.keel.core.evidence.Locator;
import dev.keel.examples.marp.evidence.CapabilityThreshold;
import dev.keel.examples.marp.evidence.CollectedEvidence;
import dev.keel.examples.marp.evidence.GovernedData;
import dev.keel.examples.marp.evidence.PolicyFlag;
import dev.keel.examples.marp.evidence.TransitionCalendar;
import dev.keel.examples.marp.evidence.WeeklyRow;
import dev.keel.examples.marp.reasoning.Commentary;
import dev.keel.policy.GovernanceBundle;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Response aggregation ({@code docs/marp-example.md}, "The steps"): the canonical sections, written from the evidence
 * alone. Under ALLOW it states figures, each recorded as a {@link Citation} to its place in the evidence; under
 * PARTIAL it compares the calendars in words only (the outbound filter then enforces that). Pure; one instance writes
 * one answer and is not thread-safe.
 */
final class AnswerWriter {

    static final String SUMMARY = "Summary";
    static final String CALENDAR_A = "Transition Calendar A";
    static final String CALENDAR_B = "Transition Calendar B (with comparison to A)";
    static final String POLICY = "Policy considerations";
    static final String TRACEABILITY = "For auditors: traceability";

    private final boolean figures;
    private final CollectedEvidence evidence;
    private final List<Citation> citations = new ArrayList<>();

    AnswerWriter(Decision decision, CollectedEvidence evidence) {
        this.figures = decision == Decision.ALLOW;
        this.evidence = evidence;
    }

    List<Citation> citations() {
        return List.copyOf(citations);
    }

    // ---- figures ----

    private String percent(BigDecimal fraction, Locator locator) {
        return cite(fraction.movePointRight(2).stripTrailingZeros().toPlainString() + "%", fraction, locator);
    }

    private String amount(BigDecimal amount, String currency, Locator locator) {
        return cite(amount.stripTrailingZeros().toPlainString(), amount, locator) + " " + currency;
    }

    private String week(WeeklyRow row) {
        return "week " + cite(Integer.toString(row.week()), BigDecimal.valueOf(row.week()), row.locator().child("week"));
    }

    private String cite(String rendered, BigDecimal value, Locator locator) {
        citations.add(new Citation(rendered, value, locator.toString()));
        return rendered;
    }

    /** Evidence text stated verbatim (descriptions): cited as a whole, with the figures it holds. */
    private String quote(String text, Locator locator) {
        citations.add(new Citation(text, null, locator.toString()));
        return text;
    }

    // ---- sections ----

    String summary(MarpRequest request, String restriction) {
        StringBuilder text = new StringBuilder();
        text.append("Request: ").append(request.restatedQuery()).append("\n\n");
        Optional<TransitionCalendar> a = calendar("A");
        Optional<TransitionCalendar> b = calendar("B");
        if (a.isEmpty() || b.isEmpty()) {
            text.append("The regulated knowledge does not hold both transition calendars, so they cannot be compared; ")
                    .append("nothing is inferred beyond what it holds.");
        } else {
            text.append(figures ? figureSummary(a.get(), b.get()) : wordSummary(a.get(), b.get()));
        }
        if (restriction != null) {
            text.append("\n\n").append(restriction);
        }
        return text.toString();
    }

    private String figureSummary(TransitionCalendar a, TransitionCalendar b) {
        StringBuilder text = new StringBuilder();
        Optional<CapabilityThreshold> floor = capabilityFloor();
        text.append("Both calendars retire the boats within the transition window. ");
        floor.ifPresent(t -> text.append("Against the capability floor of ").append(percent(t.minimum(), t.locator().child("minimum")))
                .append(", Calendar A's capability stays between ")
                .append(percent(a.capabilityRange().min(), a.capabilityRange().locator().child("min"))).append(" and ")
                .append(percent(a.capabilityRange().max(), a.capabilityRange().locator().child("max")))
                .append(" and Calendar B's between ")
                .append(percent(b.capabilityRange().min(), b.capabilityRange().locator().child("min"))).append(" and ")
                .append(percent(b.capabilityRange().max(), b.capabilityRange().locator().child("max"))).append(". "));
        text.append(marginSentence(a, b));
        return text.toString();
    }

    private String wordSummary(TransitionCalendar a, TransitionCalendar b) {
        return "Both calendars keep capability at or above the floor in their plans. " + marginSentence(a, b)
                + " " + bandComparison(a, b);
    }

    private String marginSentence(TransitionCalendar a, TransitionCalendar b) {
        int closer = a.capabilityRange().min().compareTo(b.capabilityRange().min());
        if (closer == 0) {
            return "Their lowest capability is the same, so neither has more margin above the floor.";
        }
        TransitionCalendar tighter = closer < 0 ? a : b;
        TransitionCalendar looser = closer < 0 ? b : a;
        return tighter.name() + " runs closer to the floor than " + looser.name() + ", so " + looser.name()
                + " keeps more margin for slips.";
    }

    private String bandComparison(TransitionCalendar a, TransitionCalendar b) {
        if (capabilityFloor().isEmpty()) {
            return "The regulated knowledge states no capability floor to compare the uncertainty bands with.";
        }
        return a.name() + "'s uncertainty band " + bandVersusFloor(a).orElseThrow() + " the floor. "
                + b.name() + "'s uncertainty band " + bandVersusFloor(b).orElseThrow() + " the floor.";
    }

    /** "reaches below" or "stays above" the capability floor; empty when the knowledge states no floor. */
    private Optional<String> bandVersusFloor(TransitionCalendar calendar) {
        return capabilityFloor().map(floor -> calendar.uncertaintyBand().range().min().compareTo(floor.minimum()) < 0
                ? "reaches below" : "stays above");
    }

    String calendarSection(String id, boolean compare) {
        Optional<TransitionCalendar> found = calendar(id);
        if (found.isEmpty()) {
            return "Calendar " + id + " is not in the regulated knowledge; nothing is said about it.";
        }
        TransitionCalendar calendar = found.get();
        StringBuilder text = new StringBuilder();
        text.append(figures ? quote(calendar.description(), calendar.locator().child("description")) : "A transition plan with its own refit and retirement sequence"
                + " (" + calendar.budget().profile() + " budget profile).").append("\n");
        text.append("- Capability: ");
        if (figures) {
            text.append("between ").append(percent(calendar.capabilityRange().min(), calendar.capabilityRange().locator().child("min")))
                    .append(" and ").append(percent(calendar.capabilityRange().max(), calendar.capabilityRange().locator().child("max")))
                    .append("; dock utilisation between ")
                    .append(percent(calendar.dockUtilisationRange().min(), calendar.dockUtilisationRange().locator().child("min")))
                    .append(" and ").append(percent(calendar.dockUtilisationRange().max(), calendar.dockUtilisationRange().locator().child("max")))
                    .append(". ").append(bandSentenceFor(calendar, true));
        } else {
            text.append(bandSentenceFor(calendar, false));
        }
        text.append("\n- Bottlenecks: ").append(bottlenecks(calendar));
        text.append("\n- Budget: ");
        if (figures) {
            text.append("envelope ").append(amount(calendar.budget().amount(), calendar.budget().currency(),
                    calendar.budget().locator().child("envelope"))).append(", ").append(calendar.budget().profile()).append('.');
        } else {
            text.append(calendar.budget().profile()).append(" commitments against the envelope.");
        }
        weekly(calendar).ifPresent(weekly -> text.append("\n- Weekly figures: ").append(weekly));
        text.append("\n- Policy flags: ").append(flags(calendar));
        if (compare) {
            calendar("A").ifPresent(a -> text.append("\n\nCompared with A: ").append(comparison(a, calendar)));
        }
        return text.toString();
    }

    private String bandSentenceFor(TransitionCalendar calendar, boolean withFigures) {
        StringBuilder text = new StringBuilder("The uncertainty band ");
        if (withFigures) {
            text.append("runs from ").append(percent(calendar.uncertaintyBand().range().min(), calendar.uncertaintyBand().range().locator().child("min")))
                    .append(" to ").append(percent(calendar.uncertaintyBand().range().max(), calendar.uncertaintyBand().range().locator().child("max")))
                    .append(" and ");
        }
        return text.append(bandVersusFloor(calendar).map(verb -> verb + " the capability floor.")
                .orElse("has no stated floor to be compared with.")).toString();
    }

    private String bottlenecks(TransitionCalendar calendar) {
        if (calendar.bottlenecks().isEmpty()) {
            return "none recorded.";
        }
        if (figures) {
            return calendar.bottlenecks().stream().map(b -> quote(b.description(), b.locator().child("description")))
                    .collect(Collectors.joining(" "));
        }
        return "constraints on " + calendar.bottlenecks().stream().map(b -> b.resource()).distinct()
                .collect(Collectors.joining(" and ")) + ".";
    }

    private String flags(TransitionCalendar calendar) {
        if (calendar.policyFlags().isEmpty()) {
            return "none recorded.";
        }
        return calendar.policyFlags().stream()
                .map(flag -> figures ? quote(flag.description(), flag.locator().child("description")) + " (" + flag.severity() + ")"
                        : humanise(flag.id()) + " (" + flag.severity() + ")")
                .collect(Collectors.joining(figures ? " " : "; ")) + (figures ? "" : ".");
    }

    /** Key weekly behaviour from the governed data, when it was routed in (ALLOW only: it is all figures). */
    private Optional<String> weekly(TransitionCalendar calendar) {
        Optional<GovernedData> governed = evidence.governed();
        if (!figures || governed.isEmpty()) {
            return Optional.empty();
        }
        List<WeeklyRow> rows = governed.get().rowsFor(calendar.id());
        if (rows.isEmpty()) {
            return Optional.of("the governed data has no rows for this calendar.");
        }
        WeeklyRow lowCapability = extreme(rows, WeeklyRow::capability, false);
        WeeklyRow peakDock = extreme(rows, WeeklyRow::dockUtilisation, true);
        WeeklyRow lowCrew = extreme(rows, WeeklyRow::crewReadiness, false);
        WeeklyRow lowSpares = extreme(rows, WeeklyRow::sparesCoverage, false);
        WeeklyRow last = rows.get(rows.size() - 1);
        String currency = calendar.budget().currency();
        return Optional.of("capability is lowest in " + week(lowCapability) + " at "
                + percent(lowCapability.capability(), lowCapability.locator().child("capability"))
                + "; dock utilisation peaks in " + week(peakDock) + " at "
                + percent(peakDock.dockUtilisation(), peakDock.locator().child("dock_utilisation"))
                + "; crew readiness is lowest in " + week(lowCrew) + " at "
                + percent(lowCrew.crewReadiness(), lowCrew.locator().child("crew_readiness"))
                + "; spares coverage is lowest in " + week(lowSpares) + " at "
                + percent(lowSpares.sparesCoverage(), lowSpares.locator().child("spares_coverage"))
                + "; by " + week(last) + ", " + amount(last.budgetCommitted(), currency, last.locator().child("budget_committed"))
                + " of the " + amount(last.budgetEnvelope(), currency, last.locator().child("budget_envelope"))
                + " envelope is committed.");
    }

    /** The first row with the lowest (or highest) value: ties go to the earliest week. */
    private static WeeklyRow extreme(List<WeeklyRow> rows, Function<WeeklyRow, BigDecimal> value, boolean highest) {
        Comparator<WeeklyRow> order = Comparator.comparing(value);
        WeeklyRow best = rows.get(0);
        for (WeeklyRow row : rows) {
            int c = order.compare(row, best);
            if (highest ? c > 0 : c < 0) {
                best = row;
            }
        }
        return best;
    }

    private String comparison(TransitionCalendar a, TransitionCalendar b) {
        StringBuilder text = new StringBuilder();
        text.append(marginSentence(a, b)).append(' ');
        int dock = b.dockUtilisationRange().max().compareTo(a.dockUtilisationRange().max());
        text.append(dock > 0 ? b.name() + " loads the docks harder at its peak than " + a.name() + ". "
                : dock < 0 ? a.name() + " loads the docks harder at its peak than " + b.name() + ". "
                : "Both load the docks equally at their peaks. ");
        int envelope = b.budget().amount().compareTo(a.budget().amount());
        text.append(envelope < 0 ? b.name() + " needs a smaller envelope" : envelope > 0 ? b.name() + " needs a larger envelope"
                : "Both need the same envelope").append(" (").append(b.budget().profile()).append(" against ")
                .append(a.budget().profile()).append("). ");
        text.append(bandComparison(a, b));
        return text.toString();
    }

    String policySection(List<String> rationale, String restriction) {
        StringBuilder text = new StringBuilder();
        List<PolicyFlag> high = evidence.regulated().calendars().stream().flatMap(c -> c.policyFlags().stream())
                .filter(flag -> "high".equalsIgnoreCase(flag.severity())).collect(Collectors.toList());
        if (!high.isEmpty()) {
            text.append("High-severity flags: ").append(high.stream().map(flag -> humanise(flag.id()))
                    .collect(Collectors.joining(", "))).append(".\n");
        }
        text.append("Answers name no hull or unit and break no budget down by vendor; commentary from a model is ")
                .append("explanation, never evidence.");
        if (restriction != null) {
            text.append(' ').append(restriction);
        }
        for (String passage : rationale) {
            text.append("\n> ").append(passage.replace("\n", " "));
        }
        return text.toString();
    }

    /**
     * The auditors' section. It states the final decision, the one the answer was written under: governance's,
     * lowered when the evidence's domains called for it (then both are named).
     */
    String traceability(GovernanceBundle bundle, Decision decision, Map<String, Object> routing,
            Commentary commentary) {
        Map<String, Object> bundleWire = bundle.toWire();
        Decision governance = bundle.decision();
        StringBuilder text = new StringBuilder();
        text.append("Structural facts (calendars, ranges, uncertainty bands, bottlenecks, policy flags) come from ")
                .append(evidence.regulated().source());
        evidence.governed().ifPresentOrElse(
                governed -> text.append("; weekly figures come from ").append(governed.source()),
                () -> text.append("; the governed data view was not consulted (")
                        .append(evidence.routing().reason().replace('_', ' ')).append(")"));
        text.append(". The final decision is ").append(decision.wireName());
        if (decision != governance) {
            text.append(": governance decided ").append(governance.wireName())
                    .append(" from the policy document's rules for the requester's role and the requested domains,"
                            + " and the domains of the evidence read lowered it");
        } else {
            text.append(", resting on the policy document's rules for the requester's role and the requested domains"
                    + " and on the domains of the evidence read");
        }
        if (figures) {
            text.append(" (reason codes: ").append(bundleWire.get("reason_codes")).append(")");
        }
        text.append(". The reasoning path was routed to ").append(routing.get("router_selected_llm"))
                .append(" (").append(routing.get("reasoning_mode")).append(") and answered by ")
                .append(commentary.backendUsed());
        switch (commentary.outcome()) {
            case REASKED -> text.append(", whose reply kept the commentary contract after a re-ask");
            case WITHHELD -> text.append(", whose replies broke the commentary contract, so no commentary is given");
            case FAILED -> text.append(", and the call failed, so no commentary is given");
            default -> { }
        }
        text.append("; commentary is marked as such and every figure above ");
        text.append(figures ? "carries its place in the evidence (see the citations)." : "was withheld by policy.");
        return text.toString();
    }

    private Optional<TransitionCalendar> calendar(String id) {
        return evidence.regulated().calendar(id);
    }

    private Optional<CapabilityThreshold> capabilityFloor() {
        return evidence.regulated().thresholds().stream().filter(t -> "capability".equals(t.metric())).findFirst();
    }

    static String humanise(String id) {
        return id.replace('_', ' ').toLowerCase(Locale.ROOT);
    }
}
