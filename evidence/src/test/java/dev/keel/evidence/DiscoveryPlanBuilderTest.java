package dev.keel.evidence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.InvalidInputException;
import dev.keel.core.json.JsonCodec;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** One test per branch of {@code buildAssistantMcpDiscoveryPlan}, through the typed API and through JSON. */
class DiscoveryPlanBuilderTest {

    private static final DiscoveryPlanBuilder BUILDER = DiscoveryPlanBuilder.create();
    private static final TurnMeaning SETTLEMENTS = TurnMeaning.builder().askedDomainFamily("settlements").build();

    private static DiscoveryPlanInput.Builder grounded() {
        return DiscoveryPlanInput.builder().semanticDataNeed("open invoices").turnMeaning(SETTLEMENTS)
                .proposedPrimitives("query_movements", "aggregate_by_axis");
    }

    private static DiscoveryPlan fromJson(String json) {
        return BUILDER.build(DiscoveryPlanInput.fromWire(JsonCodec.strict().parseObject(json)));
    }

    @Test
    void aGroundedProposalOfRegisteredPrimitivesIsAllowed() {
        DiscoveryPlan plan = BUILDER.build(grounded().build());
        assertThat(plan.planStatus()).isEqualTo(PlanStatus.ALLOWED);
        assertThat(plan.allowedPrimitives()).containsExactly(DiscoveryPrimitive.QUERY_MOVEMENTS, DiscoveryPrimitive.AGGREGATE_BY_AXIS);
        assertThat(plan.reasonCodes().values()).containsExactly("guarded_mcp_discovery_plan_allowed");
        assertThat(plan.executionBudget()).isEqualTo(ExecutionBudget.DEFAULT);
        assertThat(plan.toWire()).containsEntry("requires_evidence_gate", true).containsEntry("answer_may_use_raw_model_claims", false);
    }

    @Test
    void onlyUnregisteredPrimitivesBlockThePlan() {
        DiscoveryPlan plan = BUILDER.build(grounded().proposedPrimitives("raw_sql", " raw_sql ").build());
        assertThat(plan.planStatus()).isEqualTo(PlanStatus.BLOCKED);
        assertThat(plan.rejectedPrimitives()).containsExactly("raw_sql");
        assertThat(plan.reasonCodes().values()).containsExactly("model_proposed_unregistered_mcp_primitive",
                "no_allowed_mcp_primitives_after_runtime_filter", "guarded_mcp_discovery_plan_blocked");
    }

    @Test
    void unregisteredNamesNextToRegisteredOnesAreRejectedButDoNotBlock() {
        DiscoveryPlan plan = BUILDER.build(grounded().proposedPrimitives("raw_sql", "query_movements", "QUERY_MOVEMENTS").build());
        assertThat(plan.planStatus()).isEqualTo(PlanStatus.ALLOWED);
        assertThat(plan.rejectedPrimitives()).containsExactly("raw_sql", "QUERY_MOVEMENTS");
        assertThat(plan.reasonCodes().values()).containsExactly("model_proposed_unregistered_mcp_primitive",
                "guarded_mcp_discovery_plan_allowed");
    }

    @Test
    void eachMissingPieceAsksForClarificationWithItsOwnCode() {
        assertThat(BUILDER.build(grounded().semanticDataNeed(" \u00a0").build()).reasonCodes().values())
                .containsExactly("semantic_data_need_missing", "guarded_mcp_discovery_plan_needs_clarification");
        assertThat(BUILDER.build(grounded().turnMeaning(null).build()).reasonCodes().values())
                .containsExactly("turn_meaning_ref_missing", "grounding_axis_missing", "guarded_mcp_discovery_plan_needs_clarification");
        assertThat(BUILDER.build(grounded().turnMeaning(TurnMeaning.builder().meaningConfidence(0.9).build()).build())
                .reasonCodes().values()).containsExactly("grounding_axis_missing", "guarded_mcp_discovery_plan_needs_clarification");
        DiscoveryPlan nothingProposed = BUILDER.build(grounded().proposedPrimitives(List.of()).build());
        assertThat(nothingProposed.planStatus()).isEqualTo(PlanStatus.NEEDS_CLARIFICATION);
        assertThat(nothingProposed.reasonCodes().values())
                .containsExactly("mcp_primitives_not_proposed", "guarded_mcp_discovery_plan_needs_clarification");
    }

    @Test
    void requiredAxesOrEntitiesGroundThePlanWithoutADomain() {
        TurnMeaning rankingOnly = TurnMeaning.builder().seededRankingNeed("top 5").build();
        assertThat(BUILDER.build(grounded().turnMeaning(rankingOnly).requiredAxes(List.of(" ", "period")).build()).planStatus())
                .isEqualTo(PlanStatus.ALLOWED);
        TurnMeaning entities = TurnMeaning.builder().explicitEntityCandidates(List.of(" Ромашка ")).build();
        DiscoveryPlan plan = BUILDER.build(grounded().turnMeaning(entities).build());
        assertThat(plan.planStatus()).isEqualTo(PlanStatus.ALLOWED);
        assertThat(plan.turnMeaningRef().orElseThrow().explicitEntityCandidates()).containsExactly("Ромашка");
    }

    @Test
    void budgetsAreTruncatedTowardZeroAndClamped() {
        assertThat(BUILDER.build(grounded().maxProbeCount(1000.0).maxRowsPerProbe(1e9).build()).executionBudget())
                .isEqualTo(new ExecutionBudget(36, 500));
        assertThat(BUILDER.build(grounded().maxProbeCount(-5.0).maxRowsPerProbe(0.5).build()).executionBudget())
                .isEqualTo(new ExecutionBudget(1, 1));
        assertThat(BUILDER.build(grounded().maxProbeCount(7.9).maxRowsPerProbe(-0.9).build()).executionBudget())
                .isEqualTo(new ExecutionBudget(7, 1));
        assertThat(BUILDER.build(grounded().maxProbeCount(Double.POSITIVE_INFINITY).maxRowsPerProbe(Double.NaN).build())
                .executionBudget()).isEqualTo(ExecutionBudget.DEFAULT);
        // Number.isFinite("5") is false: a budget sent as a string is ignored, as in the reference.
        assertThat(fromJson("{\"maxProbeCount\": \"5\", \"maxRowsPerProbe\": 1e400}").executionBudget()).isEqualTo(ExecutionBudget.DEFAULT);
    }

    @Test
    void turnMeaningIsNormalisedAsTheReferenceDoes() {
        DiscoveryPlan plan = fromJson("{\"turnMeaning\": {\"asked_domain_family\": \" sales \", \"meaning_confidence\": 7,"
                + " \"stale_replay_forbidden\": \"false\", \"metadata_scope_hint\": \"dropped\", \"explicit_date_scope\": \"\"}}");
        assertThat(plan.toWire().get("turn_meaning_ref")).isEqualTo(Map.of("asked_domain_family", "sales",
                "meaning_confidence", new java.math.BigDecimal("1"), "stale_replay_forbidden", true));
        assertThat(fromJson("{\"turnMeaning\": {\"meaning_confidence\": \"0.5\", \"stale_replay_forbidden\": 0}}")
                .turnMeaningRef().orElseThrow().toWire()).isEqualTo(Map.of("stale_replay_forbidden", false));
        assertThat(fromJson("{\"turnMeaning\": 0}").turnMeaningRef()).isEmpty();
        assertThat(fromJson("{\"turnMeaning\": {\"metadata_scope_hint\": \"h\"}}").turnMeaningRef()).isEmpty();
    }

    @Test
    void listItemsBecomeTheirJavaScriptStrings() {
        DiscoveryPlan plan = fromJson("{\"semanticDataNeed\": 1e21, \"requiredAxes\": [1.50, true, null, [1, null, [2]], {}, \" \", \"1.5\"],"
                + " \"proposedPrimitives\": \"query_movements\"}");
        assertThat(plan.semanticDataNeed()).contains("1e+21");
        assertThat(plan.requiredAxes()).containsExactly("1.5", "true", "1,,2", "[object Object]");
        assertThat(plan.toWire().get("allowed_primitives")).isEqualTo(List.of());
    }

    @Test
    void typedNullsAreIgnoredLikeTheReferenceIgnoresThem() {
        DiscoveryPlan plan = BUILDER.build(grounded().proposedPrimitives(Arrays.asList(null, "query_movements", null)).build());
        assertThat(plan.allowedPrimitives()).containsExactly(DiscoveryPrimitive.QUERY_MOVEMENTS);
    }

    @Test
    void aValueTheReferenceCannotTurnIntoTextIsRefusedWithItsPointer() {
        assertThatThrownBy(() -> fromJson("{\"requiredAxes\": [\"a\", {\"toString\": 1}]}"))
                .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("/requiredAxes/1: ");
        assertThatThrownBy(() -> fromJson("{\"turnMeaning\": {\"explicit_date_scope\": {\"toString\": \"x\"}}}"))
                .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("/turnMeaning/explicit_date_scope: ");
    }

    @Test
    void plansReadBackFromJsonStrictly() {
        DiscoveryPlan plan = BUILDER.build(grounded().maxProbeCount(5.0).turnMeaning(TurnMeaning.builder()
                .askedDomainFamily("sales").meaningConfidence(0.75).explicitEntityCandidates(List.of("A")).build()).build());
        Map<String, Object> wire = JsonCodec.strict().parseObject(JsonCodec.strict().write(plan.toWire()));
        assertThat(DiscoveryPlan.fromWire(wire)).isEqualTo(plan);

        Map<String, Object> unknownPrimitive = new java.util.LinkedHashMap<>(wire);
        unknownPrimitive.put("allowed_primitives", List.of("raw_sql"));
        assertThatThrownBy(() -> DiscoveryPlan.fromWire(unknownPrimitive)).hasMessageStartingWith("/allowed_primitives/0: ");
        Map<String, Object> extra = new java.util.LinkedHashMap<>(wire);
        extra.put("extra", 1);
        assertThatThrownBy(() -> DiscoveryPlan.fromWire(extra)).hasMessageStartingWith("/extra: ");
        Map<String, Object> budget = new java.util.LinkedHashMap<>(wire);
        budget.put("execution_budget", Map.of("max_probe_count", new java.math.BigDecimal(99), "max_rows_per_probe", new java.math.BigDecimal(1)));
        assertThatThrownBy(() -> DiscoveryPlan.fromWire(budget)).hasMessageStartingWith("/execution_budget/max_probe_count: ");
    }

    private static Map<String, Object> planWire() {
        DiscoveryPlan plan = BUILDER.build(grounded().turnMeaning(TurnMeaning.builder().askedDomainFamily("sales")
                .meaningConfidence(0.75).build()).build());
        return new java.util.LinkedHashMap<>(JsonCodec.strict().parseObject(JsonCodec.strict().write(plan.toWire())));
    }

    @Test
    void aPlanMayNameItsSchema() {
        Map<String, Object> wire = planWire();
        DiscoveryPlan plan = DiscoveryPlan.fromWire(wire);
        wire.put("$schema", "https://keel.dev/schema/evidence/discovery-plan.schema.json");

        assertThat(DiscoveryPlan.fromWire(wire)).isEqualTo(plan);
        assertThat(Schemas.published("discovery-plan.schema.json").problems(JsonCodec.strict().write(wire))).isEmpty();
    }

    @Test
    void everyProblemOfAPlanIsNamedAtOnce() {
        Map<String, Object> wire = planWire();
        wire.put("schema_version", "v2");
        wire.remove("semantic_data_need");
        wire.put("allowed_primitives", List.of("query_movements", "raw_sql"));
        wire.put("turn_meaning_ref", Map.of("meaning_confidence", new java.math.BigDecimal("1.5")));
        wire.put("execution_budget", Map.of("max_probe_count", new java.math.BigDecimal("3.5"), "max_rows_per_probe",
                new java.math.BigDecimal(100)));
        wire.put("extra", true);

        assertThatThrownBy(() -> DiscoveryPlan.fromWire(wire))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.code()).isEqualTo("invalid_input"))
                .hasMessage("/extra: unknown key; expected one of allowed_primitives, answer_may_use_raw_model_claims,"
                        + " clarification_gaps, execution_budget, plan_status, policy_owner, reason_codes, rejected_primitives,"
                        + " required_axes, requires_evidence_gate, schema_version, semantic_data_need, turn_meaning_ref; "
                        + "/schema_version: must be 'assistant_mcp_discovery_plan_v1', found 'v2'; "
                        + "/semantic_data_need: required; "
                        + "/turn_meaning_ref/meaning_confidence: must be a number from 0 to 1, found the number 1.5; "
                        + "/allowed_primitives/1: must be a registered primitive, found 'raw_sql'; "
                        + "/execution_budget/max_probe_count: must be an integer from 1 to 36, found the number 3.5");
    }

    @Test
    void aHostileNumberInAPlanIsNamedShortly() {
        Map<String, Object> wire = planWire();
        wire.put("execution_budget", Map.of("max_probe_count", new java.math.BigDecimal("1e999999"),
                "max_rows_per_probe", new java.math.BigDecimal("1e-999999")));

        assertThatThrownBy(() -> DiscoveryPlan.fromWire(wire)).hasMessage(
                "/execution_budget/max_probe_count: must be an integer from 1 to 36, found the number 1E+999999; "
                        + "/execution_budget/max_rows_per_probe: must be an integer from 1 to 500, found the number 1E-999999");
    }

    @Test
    void aHostRegistersItsOwnToolsByTheirOwnNames() {
        PrimitiveRegistry ward = PrimitiveRegistry.of("lookup_patient", "list_beds");
        DiscoveryPlan plan = DiscoveryPlanBuilder.create(ward).build(grounded()
                .proposedPrimitives(List.of("list_beds", "query_movements", "list_beds")).build());

        assertThat(plan.allowedPrimitives()).containsExactly(DiscoveryPrimitive.of("list_beds"));
        assertThat(plan.rejectedPrimitives()).containsExactly("query_movements");
        assertThat(plan.reasonCodes().values()).contains("model_proposed_unregistered_mcp_primitive");

        Map<String, Object> wire = JsonCodec.strict().parseObject(JsonCodec.strict().write(plan.toWire()));
        assertThat(DiscoveryPlan.fromWire(wire, ward)).isEqualTo(plan);
        assertThatThrownBy(() -> DiscoveryPlan.fromWire(wire)).hasMessageStartingWith("/allowed_primitives/0: ");
        assertThat(PrimitiveRegistry.defaults().with(DiscoveryPrimitive.of("list_beds")).find("list_beds")).isPresent();
        assertThatThrownBy(() -> DiscoveryPrimitive.of(" padded ")).isInstanceOf(InvalidInputException.class);
    }
}
