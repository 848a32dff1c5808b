package dev.keel.evidence;

import dev.keel.core.InvalidInputException;
import dev.keel.core.ReasonCode;
import dev.keel.core.ReasonCodes;
import dev.keel.core.json.JsonProblem;
import dev.keel.core.json.JsonTreeReader;
import dev.keel.core.json.JsonTreeReader.ObjectValue;
import dev.keel.core.json.JsonTreeReader.Value;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Reads a plan contract strictly, naming every problem with its JSON pointer in one {@link InvalidInputException}
 * ({@code invalid_input}) whose message starts with the pointer of the first. Pure; thread-safe.
 */
final class StrictPlanReader {

    private StrictPlanReader() {
    }

    static DiscoveryPlan read(Map<String, ?> plan, PrimitiveRegistry registry) {
        return JsonTreeReader.read(plan, root -> plan(root, registry),
                problems -> new InvalidInputException(JsonProblem.describe(null, problems)));
    }

    private static DiscoveryPlan plan(Value root, PrimitiveRegistry registry) {
        ObjectValue plan = root.object("schema_version", "policy_owner", "plan_status", "semantic_data_need",
                "turn_meaning_ref", "allowed_primitives", "rejected_primitives", "required_axes", "clarification_gaps",
                "execution_budget", "requires_evidence_gate", "answer_may_use_raw_model_claims", "reason_codes");
        plan.required("schema_version").mustEqual(DiscoveryPlan.SCHEMA_VERSION);
        plan.required("policy_owner").mustEqual(DiscoveryPlan.POLICY_OWNER);
        plan.required("requires_evidence_gate").mustEqual(Boolean.TRUE);
        plan.required("answer_may_use_raw_model_claims").mustEqual(Boolean.FALSE);
        PlanStatus status = plan.required("plan_status").enumValue(PlanStatus.class, PlanStatus::wireName);
        String need = presentOrNull(plan, "semantic_data_need").string();
        TurnMeaning meaning = turnMeaning(presentOrNull(plan, "turn_meaning_ref"));
        List<DiscoveryPrimitive> allowed = plan.required("allowed_primitives").list(item -> primitive(item, registry));
        List<String> rejected = plan.required("rejected_primitives").strings();
        List<String> axes = plan.required("required_axes").strings();
        List<String> gaps = plan.required("clarification_gaps").strings();
        ExecutionBudget budget = budget(plan.required("execution_budget"));
        List<String> codes = plan.required("reason_codes").list(StrictPlanReader::reasonCode);
        return root.build(() -> DiscoveryPlan.builder()
                .planStatus(status)
                .semanticDataNeed(need)
                .turnMeaningRef(meaning)
                .allowedPrimitives(allowed)
                .rejectedPrimitives(rejected)
                .requiredAxes(axes)
                .clarificationGaps(gaps)
                .executionBudget(budget)
                .reasonCodes(ReasonCodes.of(codes.toArray(String[]::new)))
                .build());
    }

    /** A member the contract always writes, though its value may be {@code null}. */
    private static Value presentOrNull(ObjectValue object, String key) {
        return object.has(key) ? object.optional(key) : object.required(key);
    }

    private static @Nullable DiscoveryPrimitive primitive(Value item, PrimitiveRegistry registry) {
        String name = item.string();
        if (name == null) {
            return null;
        }
        DiscoveryPrimitive primitive = registry.find(name).orElse(null);
        if (primitive == null) {
            item.problem("must be a registered primitive, found " + JsonTreeReader.describe(name));
        }
        return primitive;
    }

    private static @Nullable String reasonCode(Value item) {
        String code = item.string();
        if (code != null && !code.equals(ReasonCode.normalizeText(code))) {
            item.problem("must be a normalised reason code, found " + JsonTreeReader.describe(code));
            return null;
        }
        return code;
    }

    private static @Nullable TurnMeaning turnMeaning(Value value) {
        ObjectValue meaning = value.object("asked_domain_family", "asked_action_family", "asked_aggregation_axis",
                "seeded_ranking_need", "explicit_entity_candidates", "metadata_ambiguity_entity_sets",
                "metadata_scope_hint", "explicit_organization_scope", "explicit_date_scope",
                "subject_resolution_optional", "meaning_confidence", "unsupported_but_understood_family",
                "stale_replay_forbidden");
        if (!meaning.isPresent()) {
            return null;
        }
        BigDecimal confidence = meaning.optional("meaning_confidence").decimal(BigDecimal.ZERO, BigDecimal.ONE);
        return TurnMeaning.builder()
                .askedDomainFamily(meaning.optional("asked_domain_family").string())
                .askedActionFamily(meaning.optional("asked_action_family").string())
                .askedAggregationAxis(meaning.optional("asked_aggregation_axis").string())
                .seededRankingNeed(meaning.optional("seeded_ranking_need").string())
                .explicitEntityCandidates(meaning.optional("explicit_entity_candidates").strings())
                .metadataAmbiguityEntitySets(meaning.optional("metadata_ambiguity_entity_sets").strings())
                .metadataScopeHint(meaning.optional("metadata_scope_hint").string())
                .explicitOrganizationScope(meaning.optional("explicit_organization_scope").string())
                .explicitDateScope(meaning.optional("explicit_date_scope").string())
                .subjectResolutionOptional(meaning.optional("subject_resolution_optional").bool())
                .meaningConfidence(confidence == null ? null : confidence.doubleValue())
                .unsupportedButUnderstoodFamily(meaning.optional("unsupported_but_understood_family").string())
                .staleReplayForbidden(meaning.optional("stale_replay_forbidden").bool())
                .build();
    }

    private static @Nullable ExecutionBudget budget(Value value) {
        ObjectValue budget = value.object("max_probe_count", "max_rows_per_probe");
        Integer probes = budget.required("max_probe_count").integer(1, ExecutionBudget.MAX_PROBE_COUNT);
        Integer rows = budget.required("max_rows_per_probe").integer(1, ExecutionBudget.MAX_ROWS_PER_PROBE);
        return probes == null || rows == null ? null : new ExecutionBudget(probes, rows);
    }
}
