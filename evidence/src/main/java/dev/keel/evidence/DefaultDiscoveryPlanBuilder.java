package dev.keel.evidence;

import dev.keel.core.ReasonCode;
import dev.keel.core.ReasonCodes;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** The port of {@code buildAssistantMcpDiscoveryPlan}. Stateless; pure and thread-safe. */
final class DefaultDiscoveryPlanBuilder implements DiscoveryPlanBuilder {

    static final DefaultDiscoveryPlanBuilder DEFAULT = new DefaultDiscoveryPlanBuilder(PrimitiveRegistry.defaults());

    // Normalised once: the reference's pushReason normalises these constants to themselves.
    private static final ReasonCode MODEL_PROPOSED_UNREGISTERED_MCP_PRIMITIVE = ReasonCode.of("model_proposed_unregistered_mcp_primitive");
    private static final ReasonCode SEMANTIC_DATA_NEED_MISSING = ReasonCode.of("semantic_data_need_missing");
    private static final ReasonCode TURN_MEANING_REF_MISSING = ReasonCode.of("turn_meaning_ref_missing");
    private static final ReasonCode GROUNDING_AXIS_MISSING = ReasonCode.of("grounding_axis_missing");
    private static final ReasonCode NO_ALLOWED_MCP_PRIMITIVES_AFTER_RUNTIME_FILTER = ReasonCode.of("no_allowed_mcp_primitives_after_runtime_filter");
    private static final ReasonCode MCP_PRIMITIVES_NOT_PROPOSED = ReasonCode.of("mcp_primitives_not_proposed");
    private static final Map<PlanStatus, ReasonCode> STATUS_CODES = new EnumMap<>(PlanStatus.class);

    static {
        for (PlanStatus status : PlanStatus.values()) {
            STATUS_CODES.put(status, ReasonCode.of("guarded_mcp_discovery_plan_" + status.wireName()));
        }
    }


    private final PrimitiveRegistry registry;

    DefaultDiscoveryPlanBuilder(PrimitiveRegistry registry) {
        this.registry = java.util.Objects.requireNonNull(registry, "registry");
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
            DiscoveryPrimitive primitive = registry.find(name).orElse(null);
            if (primitive == null) {
                rejected.add(name);
            } else if (!allowed.contains(primitive)) {
                allowed.add(primitive);
            }
        }
        boolean grounded = hasGroundingAxis(turnMeaning, requiredAxes);

        ReasonCodes.Builder reasons = ReasonCodes.builder();
        if (!rejected.isEmpty()) {
            reasons.add(MODEL_PROPOSED_UNREGISTERED_MCP_PRIMITIVE);
        }
        if (semanticDataNeed == null) {
            reasons.add(SEMANTIC_DATA_NEED_MISSING);
        }
        if (turnMeaning == null) {
            reasons.add(TURN_MEANING_REF_MISSING);
        }
        if (!grounded) {
            reasons.add(GROUNDING_AXIS_MISSING);
        }
        if (allowed.isEmpty() && !proposed.isEmpty()) {
            reasons.add(NO_ALLOWED_MCP_PRIMITIVES_AFTER_RUNTIME_FILTER);
        }
        if (allowed.isEmpty() && proposed.isEmpty()) {
            reasons.add(MCP_PRIMITIVES_NOT_PROPOSED);
        }

        PlanStatus status;
        if (allowed.isEmpty() && !proposed.isEmpty()) {
            status = PlanStatus.BLOCKED;
        } else if (semanticDataNeed == null || turnMeaning == null || !grounded || allowed.isEmpty()) {
            status = PlanStatus.NEEDS_CLARIFICATION;
        } else {
            status = PlanStatus.ALLOWED;
        }
        reasons.add(STATUS_CODES.get(status));

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
    static @Nullable TurnMeaning normalize(@Nullable TurnMeaning meaning) {
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

    private static boolean hasGroundingAxis(@Nullable TurnMeaning meaning, List<String> requiredAxes) {
        if (!requiredAxes.isEmpty()) {
            return true;
        }
        return meaning != null && (meaning.askedDomainFamily().isPresent() || meaning.askedActionFamily().isPresent()
                || meaning.explicitOrganizationScope().isPresent() || meaning.explicitDateScope().isPresent()
                || !meaning.explicitEntityCandidates().isEmpty());
    }
}
