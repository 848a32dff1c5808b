package dev.keel.examples.marp.evidence;

import java.util.Objects;

/**
 * The evidence routing decision for one request, as the provenance stub records it ({@code evidence_routing}).
 * Immutable and thread-safe.
 *
 * @param scenario the scenario flag found in the prompt
 * @param route    the evidence used
 * @param reason   why, as a code: {@code scenario_1_regulated_only}, {@code scenario_2_regulated_narrative},
 *                 {@code scenario_3_regulated_and_governed}, {@code weekly_curves_requested},
 *                 {@code budget_utilisation_requested}, {@code weekly_patterns_requested} or
 *                 {@code high_level_regulated_only}
 */
public record EvidenceRoutingDecision(Scenario scenario, EvidenceRoute route, String reason) {

    public EvidenceRoutingDecision {
        Objects.requireNonNull(scenario, "scenario");
        Objects.requireNonNull(route, "route");
        Objects.requireNonNull(reason, "reason");
    }
}
