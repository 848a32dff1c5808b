package dev.keel.examples.marp.evidence;

import java.util.Objects;
import java.util.regex.Pattern;

/** Evidence routing ({@code docs/marp-example.md}, "Sources, routing, collection") as a pure function of the prompt. Immutable and thread-safe. */
final class DefaultEvidenceRouter implements EvidenceRouter {

    private final Pattern weeklyCurves;
    private final Pattern budgetUtilisation;
    private final Pattern weeklyPatterns;

    DefaultEvidenceRouter(Pattern weeklyCurves, Pattern budgetUtilisation, Pattern weeklyPatterns) {
        this.weeklyCurves = Objects.requireNonNull(weeklyCurves, "weeklyCurves");
        this.budgetUtilisation = Objects.requireNonNull(budgetUtilisation, "budgetUtilisation");
        this.weeklyPatterns = Objects.requireNonNull(weeklyPatterns, "weeklyPatterns");
    }

    @Override
    public EvidenceRoutingDecision route(String prompt) {
        String text = prompt == null ? "" : prompt;
        Scenario scenario = Scenario.detect(text);
        switch (scenario) {
            case SCENARIO_1:
                return new EvidenceRoutingDecision(scenario, EvidenceRoute.REGULATED_ONLY, "scenario_1_regulated_only");
            case SCENARIO_2:
                return new EvidenceRoutingDecision(scenario, EvidenceRoute.REGULATED_NARRATIVE, "scenario_2_regulated_narrative");
            case SCENARIO_3:
                return new EvidenceRoutingDecision(scenario, EvidenceRoute.REGULATED_AND_GOVERNED,
                        "scenario_3_regulated_and_governed");
            default:
                break;
        }
        if (weeklyCurves.matcher(text).find()) {
            return new EvidenceRoutingDecision(scenario, EvidenceRoute.REGULATED_AND_GOVERNED, "weekly_curves_requested");
        }
        if (budgetUtilisation.matcher(text).find()) {
            return new EvidenceRoutingDecision(scenario, EvidenceRoute.REGULATED_AND_GOVERNED, "budget_utilisation_requested");
        }
        if (weeklyPatterns.matcher(text).find()) {
            return new EvidenceRoutingDecision(scenario, EvidenceRoute.REGULATED_AND_GOVERNED, "weekly_patterns_requested");
        }
        return new EvidenceRoutingDecision(scenario, EvidenceRoute.REGULATED_ONLY, "high_level_regulated_only");
    }
}
