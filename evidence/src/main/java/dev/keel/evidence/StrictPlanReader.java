package dev.keel.evidence;

import dev.keel.core.InvalidInputException;
import dev.keel.core.ReasonCode;
import dev.keel.core.ReasonCodes;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Reads a plan contract strictly, naming the JSON pointer of the first problem. Pure; thread-safe. */
final class StrictPlanReader {

    private static final Set<String> PLAN_FIELDS = Set.of("schema_version", "policy_owner", "plan_status",
            "semantic_data_need", "turn_meaning_ref", "allowed_primitives", "rejected_primitives", "required_axes",
            "clarification_gaps", "execution_budget", "requires_evidence_gate", "answer_may_use_raw_model_claims",
            "reason_codes");
    private static final Set<String> MEANING_FIELDS = Set.of("asked_domain_family", "asked_action_family",
            "asked_aggregation_axis", "seeded_ranking_need", "explicit_entity_candidates",
            "metadata_ambiguity_entity_sets", "metadata_scope_hint", "explicit_organization_scope", "explicit_date_scope",
            "subject_resolution_optional", "meaning_confidence", "unsupported_but_understood_family",
            "stale_replay_forbidden");
    private static final Set<String> BUDGET_FIELDS = Set.of("max_probe_count", "max_rows_per_probe");

    private StrictPlanReader() {
    }

    static DiscoveryPlan read(Map<String, ?> plan, PrimitiveRegistry registry) {
        onlyKnown(plan, PLAN_FIELDS, "");
        constant(plan, "schema_version", DiscoveryPlan.SCHEMA_VERSION);
        constant(plan, "policy_owner", DiscoveryPlan.POLICY_OWNER);
        constant(plan, "requires_evidence_gate", Boolean.TRUE);
        constant(plan, "answer_may_use_raw_model_claims", Boolean.FALSE);
        String status = string(plan, "plan_status", "", false);
        List<DiscoveryPrimitive> allowed = new ArrayList<>();
        List<String> allowedNames = strings(plan, "allowed_primitives", "");
        for (int i = 0; i < allowedNames.size(); i++) {
            int index = i;
            allowed.add(registry.find(allowedNames.get(i)).orElseThrow(() -> new InvalidInputException(
                    "/allowed_primitives/" + index + ": not a registered primitive: " + allowedNames.get(index))));
        }
        ReasonCodes.Builder codes = ReasonCodes.builder();
        List<String> codeTexts = strings(plan, "reason_codes", "");
        for (int i = 0; i < codeTexts.size(); i++) {
            String code = codeTexts.get(i);
            if (!code.equals(ReasonCode.normalizeText(code))) {
                throw new InvalidInputException("/reason_codes/" + i + ": not a normalised reason code: " + code);
            }
            codes.add(code);
        }
        return DiscoveryPlan.builder()
                .planStatus(PlanStatus.fromWireName(status).orElseThrow(() -> new InvalidInputException(
                        "/plan_status: must be allowed, needs_clarification or blocked, was " + status)))
                .semanticDataNeed(string(plan, "semantic_data_need", "", true))
                .turnMeaningRef(turnMeaning(object(plan, "turn_meaning_ref", "", true)))
                .allowedPrimitives(allowed)
                .rejectedPrimitives(strings(plan, "rejected_primitives", ""))
                .requiredAxes(strings(plan, "required_axes", ""))
                .clarificationGaps(strings(plan, "clarification_gaps", ""))
                .executionBudget(budget(object(plan, "execution_budget", "", false)))
                .reasonCodes(codes.build())
                .build();
    }

    private static TurnMeaning turnMeaning(Map<String, ?> meaning) {
        if (meaning == null) {
            return null;
        }
        String p = "/turn_meaning_ref";
        onlyKnown(meaning, MEANING_FIELDS, p);
        Object confidence = meaning.get("meaning_confidence");
        if (confidence != null && (!(confidence instanceof Number)
                || ((Number) confidence).doubleValue() < 0 || ((Number) confidence).doubleValue() > 1)) {
            throw new InvalidInputException(p + "/meaning_confidence: must be a number from 0 to 1, was " + confidence);
        }
        return TurnMeaning.builder()
                .askedDomainFamily(string(meaning, "asked_domain_family", p, true))
                .askedActionFamily(string(meaning, "asked_action_family", p, true))
                .askedAggregationAxis(string(meaning, "asked_aggregation_axis", p, true))
                .seededRankingNeed(string(meaning, "seeded_ranking_need", p, true))
                .explicitEntityCandidates(optionalStrings(meaning, "explicit_entity_candidates", p))
                .metadataAmbiguityEntitySets(optionalStrings(meaning, "metadata_ambiguity_entity_sets", p))
                .metadataScopeHint(string(meaning, "metadata_scope_hint", p, true))
                .explicitOrganizationScope(string(meaning, "explicit_organization_scope", p, true))
                .explicitDateScope(string(meaning, "explicit_date_scope", p, true))
                .subjectResolutionOptional(bool(meaning, "subject_resolution_optional", p))
                .meaningConfidence(confidence == null ? null : ((Number) confidence).doubleValue())
                .unsupportedButUnderstoodFamily(string(meaning, "unsupported_but_understood_family", p, true))
                .staleReplayForbidden(bool(meaning, "stale_replay_forbidden", p))
                .build();
    }

    private static ExecutionBudget budget(Map<String, ?> budget) {
        onlyKnown(budget, BUDGET_FIELDS, "/execution_budget");
        return new ExecutionBudget(integer(budget, "max_probe_count"), integer(budget, "max_rows_per_probe"));
    }

    private static int integer(Map<String, ?> budget, String key) {
        Object value = budget.get(key);
        String pointer = "/execution_budget/" + key;
        if (!(value instanceof BigDecimal || value instanceof Integer || value instanceof Long)) {
            throw new InvalidInputException(pointer + ": must be an integer, was " + value);
        }
        BigDecimal number = value instanceof BigDecimal ? (BigDecimal) value : BigDecimal.valueOf(((Number) value).longValue());
        try {
            return number.intValueExact();
        } catch (ArithmeticException e) {
            throw new InvalidInputException(pointer + ": must be an integer, was " + value);
        }
    }

    private static void onlyKnown(Map<String, ?> object, Set<String> known, String pointer) {
        for (String key : object.keySet()) {
            if (!known.contains(key)) {
                throw new InvalidInputException(pointer + "/" + key + ": not a field of the plan contract");
            }
        }
    }

    private static void constant(Map<String, ?> plan, String key, Object expected) {
        if (!expected.equals(plan.get(key))) {
            throw new InvalidInputException("/" + key + ": must be " + expected + ", was " + plan.get(key));
        }
    }

    private static String string(Map<String, ?> object, String key, String pointer, boolean nullable) {
        Object value = object.get(key);
        if (value instanceof String || (value == null && nullable)) {
            return (String) value;
        }
        throw new InvalidInputException(pointer + "/" + key + ": must be a string" + (nullable ? " or null" : "")
                + ", was " + value);
    }

    private static Boolean bool(Map<String, ?> object, String key, String pointer) {
        Object value = object.get(key);
        if (value == null || value instanceof Boolean) {
            return (Boolean) value;
        }
        throw new InvalidInputException(pointer + "/" + key + ": must be a boolean, was " + value);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, ?> object(Map<String, ?> object, String key, String pointer, boolean nullable) {
        Object value = object.get(key);
        if (value instanceof Map || (value == null && nullable)) {
            return (Map<String, ?>) value;
        }
        throw new InvalidInputException(pointer + "/" + key + ": must be an object" + (nullable ? " or null" : "")
                + ", was " + value);
    }

    private static List<String> optionalStrings(Map<String, ?> object, String key, String pointer) {
        return object.containsKey(key) ? strings(object, key, pointer) : List.of();
    }

    private static List<String> strings(Map<String, ?> object, String key, String pointer) {
        Object value = object.get(key);
        if (!(value instanceof List)) {
            throw new InvalidInputException(pointer + "/" + key + ": must be an array of strings, was " + value);
        }
        List<String> texts = new ArrayList<>();
        List<?> items = (List<?>) value;
        for (int i = 0; i < items.size(); i++) {
            if (!(items.get(i) instanceof String)) {
                throw new InvalidInputException(pointer + "/" + key + "/" + i + ": must be a string, was " + items.get(i));
            }
            texts.add((String) items.get(i));
        }
        return texts;
    }
}
