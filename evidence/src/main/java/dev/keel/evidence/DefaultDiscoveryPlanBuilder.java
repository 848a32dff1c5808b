package dev.keel.evidence;

import dev.keel.core.ReasonCodes;
import java.util.ArrayList;
import java.util.List;

/** The port of {@code buildAssistantMcpDiscoveryPlan}. Stateless; pure and thread-safe. */
final class DefaultDiscoveryPlanBuilder implements DiscoveryPlanBuilder {

    static final DefaultDiscoveryPlanBuilder INSTANCE = new DefaultDiscoveryPlanBuilder();

    private DefaultDiscoveryPlanBuilder() {
    }

    @Override
    public DiscoveryPlan build(DiscoveryPlanInput input) {
        String semanticDataNeed = Texts.nonEmpty(input.semanticDataNeed().orElse(null));
        TurnMeaning turnMeaning = normalize(input.turnMeaning().orElse(null));
        List<String> requiredAxes = Texts.nonEmptyDistinct(input.requiredAxes());
        List<String> clarificationGaps = Texts.nonEmptyDistinct(input.clarificationGaps());
        List<String> proposed = Texts.nonEmptyDistinct(input.proposedPrimitives());

        List<DiscoveryPrimitive> allowed = new ArrayList<>();
        List<String> rejected = new ArrayList<>();
        for (String name : proposed) {
            DiscoveryPrimitive primitive = DiscoveryPrimitive.fromWireName(name).orElse(null);
            if (primitive == null) {
                rejected.add(name);
            } else if (!allowed.contains(primitive)) {
                allowed.add(primitive);
            }
        }
        boolean grounded = hasGroundingAxis(turnMeaning, requiredAxes);

        ReasonCodes.Builder reasons = ReasonCodes.builder();
        if (!rejected.isEmpty()) {
            reasons.add("model_proposed_unregistered_mcp_primitive");
        }
        if (semanticDataNeed == null) {
            reasons.add("semantic_data_need_missing");
        }
        if (turnMeaning == null) {
            reasons.add("turn_meaning_ref_missing");
        }
        if (!grounded) {
            reasons.add("grounding_axis_missing");
        }
        if (allowed.isEmpty() && !proposed.isEmpty()) {
            reasons.add("no_allowed_mcp_primitives_after_runtime_filter");
        }
        if (allowed.isEmpty() && proposed.isEmpty()) {
            reasons.add("mcp_primitives_not_proposed");
        }

        PlanStatus status;
        if (allowed.isEmpty() && !proposed.isEmpty()) {
            status = PlanStatus.BLOCKED;
        } else if (semanticDataNeed == null || turnMeaning == null || !grounded || allowed.isEmpty()) {
            status = PlanStatus.NEEDS_CLARIFICATION;
        } else {
            status = PlanStatus.ALLOWED;
        }
        reasons.add("guarded_mcp_discovery_plan_" + status.wireName());

        return DiscoveryPlan.builder()
                .planStatus(status)
                .semanticDataNeed(semanticDataNeed)
                .turnMeaningRef(turnMeaning)
                .allowedPrimitives(allowed)
                .rejectedPrimitives(rejected)
                .requiredAxes(requiredAxes)
                .clarificationGaps(clarificationGaps)
                .executionBudget(ExecutionBudget.clamped(input.maxProbeCount().orElse(null),
                        input.maxRowsPerProbe().orElse(null)))
                .reasonCodes(reasons.build())
                .build();
    }

    /** {@code normalizeTurnMeaning}: the kept fields, normalised; null when none is left. */
    static TurnMeaning normalize(TurnMeaning meaning) {
        if (meaning == null) {
            return null;
        }
        TurnMeaning normalized = TurnMeaning.builder()
                .askedDomainFamily(Texts.nonEmpty(meaning.askedDomainFamily().orElse(null)))
                .askedActionFamily(Texts.nonEmpty(meaning.askedActionFamily().orElse(null)))
                .askedAggregationAxis(Texts.nonEmpty(meaning.askedAggregationAxis().orElse(null)))
                .seededRankingNeed(Texts.nonEmpty(meaning.seededRankingNeed().orElse(null)))
                .explicitEntityCandidates(Texts.nonEmptyDistinct(meaning.explicitEntityCandidates()))
                .metadataAmbiguityEntitySets(Texts.nonEmptyDistinct(meaning.metadataAmbiguityEntitySets()))
                .explicitOrganizationScope(Texts.nonEmpty(meaning.explicitOrganizationScope().orElse(null)))
                .explicitDateScope(Texts.nonEmpty(meaning.explicitDateScope().orElse(null)))
                .meaningConfidence(meaning.meaningConfidence()
                        .filter(Double::isFinite) // Number.isFinite
                        .map(value -> Math.max(0, Math.min(1, value)))
                        .orElse(null))
                .unsupportedButUnderstoodFamily(Texts.nonEmpty(meaning.unsupportedButUnderstoodFamily().orElse(null)))
                .staleReplayForbidden(meaning.staleReplayForbidden().orElse(null))
                .build();
        return normalized.isEmpty() ? null : normalized;
    }

    private static boolean hasGroundingAxis(TurnMeaning meaning, List<String> requiredAxes) {
        if (!requiredAxes.isEmpty()) {
            return true;
        }
        return meaning != null && (meaning.askedDomainFamily().isPresent() || meaning.askedActionFamily().isPresent()
                || meaning.explicitOrganizationScope().isPresent() || meaning.explicitDateScope().isPresent()
                || !meaning.explicitEntityCandidates().isEmpty());
    }
}
