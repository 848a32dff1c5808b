package dev.keel.evidence;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.InvalidInputException;
import dev.keel.core.json.JsonCodec;
import dev.keel.test.properties.Gen;
import dev.keel.test.properties.Property;
import dev.keel.test.properties.Weighted;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** Properties of the discovery plan and evidence gate on arbitrary typed input and on arbitrary JSON trees in their wire form. */
class DiscoveryProperties {

    private static final DiscoveryPlanBuilder BUILDER = DiscoveryPlanBuilder.create();
    private static final EvidenceGate GATE = EvidenceGate.create();
    private static final JsonCodec CODEC = JsonCodec.strict();
    private static final List<String> NAMES = List.of("query_movements", "aggregate_by_axis", "probe_coverage",
            " query_movements", "raw_sql", "", "QUERY_DOCUMENTS", "explain_evidence_basis");

    // ---- generators ----

    private static final Gen<String> NAME_GEN = Gen.oneOf(Gen.of(NAMES), Gen.strings().all().ofMaxLength(12));
    private static final Gen<String> TEXTS = Gen.oneOf(Gen.of(NAMES), Gen.strings().all().ofMaxLength(10),
            Gen.just(null), Gen.strings().withChars(" \t\u00a0\ufeff\u2028x").ofMaxLength(4));
    private static final Gen<List<String>> TEXT_LISTS = TEXTS.list().ofMaxSize(5).injectNull(0.1);
    private static final Gen<Double> NUMBERS = Gen.oneOf(Gen.doubles(-1e6, 1e6),
            Gen.of(Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -0.0, 0.5, 36.9, 501.0, 1e300))
            .injectNull(0.2);
    private static final Gen<Boolean> FLAGS = Gen.booleans().injectNull(0.5);
    private static final Gen<TurnMeaning> MEANINGS = ((Gen<TurnMeaning>) c -> TurnMeaning.builder()
            .askedDomainFamily(TEXTS.generate(c)).explicitDateScope(TEXTS.generate(c))
            .explicitEntityCandidates(TEXT_LISTS.generate(c)).meaningConfidence(NUMBERS.generate(c))
            .staleReplayForbidden(FLAGS.generate(c)).explicitOrganizationScope(TEXTS.generate(c)).build())
            .injectNull(0.2);
    private static final Gen<DiscoveryPlanInput> PLAN_INPUTS = c -> DiscoveryPlanInput.builder()
            .semanticDataNeed(TEXTS.generate(c)).turnMeaning(MEANINGS.generate(c))
            .proposedPrimitives(TEXT_LISTS.generate(c)).requiredAxes(TEXT_LISTS.generate(c))
            .clarificationGaps(TEXT_LISTS.generate(c)).maxProbeCount(NUMBERS.generate(c))
            .maxRowsPerProbe(NUMBERS.generate(c)).build();
    private static final Gen<String> PROBE_NAMES = NAME_GEN.injectNull(0.1);
    private static final Gen<ProbeResult> PROBES = c -> ProbeResult.builder().primitiveId(PROBE_NAMES.generate(c))
            .rowsReceived(NUMBERS.generate(c)).rowsMatched(NUMBERS.generate(c)).limitation(TEXTS.generate(c)).build();
    private static final Gen<List<ProbeResult>> PROBE_LISTS = PROBES.list().ofMaxSize(4);
    private static final Gen<EvidenceGateInput> GATE_INPUTS = c -> EvidenceGateInput.builder(
                    BUILDER.build(PLAN_INPUTS.generate(c)))
            .probeResults(PROBE_LISTS.generate(c)).confirmedFacts(TEXT_LISTS.generate(c))
            .inferredFacts(TEXT_LISTS.generate(c)).sourceRowsSummary(TEXTS.generate(c))
            .queryLimitations(TEXT_LISTS.generate(c)).recommendedNextProbe(TEXTS.generate(c)).build();
    private static final Gen<Map<String, Object>> TREES = object(Gen.of("plan", "probeResults", "confirmedFacts",
            "inferredFacts", "sourceRowsSummary", "semanticDataNeed", "turnMeaning", "proposedPrimitives",
            "requiredAxes", "maxProbeCount", "reason_codes", "allowed_primitives", "plan_status", "primitive_id",
            "rows_matched", "limitation", "toString", "asked_domain_family", "meaning_confidence", "queryLimitations",
            "recommendedNextProbe"), 3);

    private static Gen<Map<String, Object>> object(Gen<String> keys, int depth) {
        return Gen.maps(keys, value(keys, depth - 1), 0, 5);
    }

    private static Gen<Object> value(Gen<String> keys, int depth) {
        Gen<Object> leaf = Gen.oneOf(TEXTS,
                Gen.bigDecimals(new BigDecimal("-1e6"), new BigDecimal("1e6"), 2),
                Gen.of(new BigDecimal("1e400"), new BigDecimal("-0"), new BigDecimal("2.50")),
                Gen.booleans());
        if (depth <= 0) {
            return leaf;
        }
        return Gen.frequency(
                Weighted.of(5, leaf),
                Weighted.of(2, Gen.lazy(() -> value(keys, depth - 1)).list().ofMaxSize(4)),
                Weighted.of(2, Gen.lazy(() -> object(keys, depth - 1))));
    }

    // ---- properties ----

    @Test
    void planBuildingNeverThrowsAndIsDeterministic() {
        Property.forAll(PLAN_INPUTS).tries(300).check(input -> {
            DiscoveryPlan plan = BUILDER.build(input);
            assertThat(BUILDER.build(input).toWire()).isEqualTo(plan.toWire());
            assertThat(plan.executionBudget().maxProbeCount()).isBetween(1, 36);
            assertThat(plan.executionBudget().maxRowsPerProbe()).isBetween(1, 500);
            assertThat(plan.isAllowed()).isEqualTo(!plan.allowedPrimitives().isEmpty()
                    && plan.semanticDataNeed().isPresent() && plan.turnMeaningRef().isPresent()
                    && plan.reasonCodes().contains("guarded_mcp_discovery_plan_allowed"));
        });
    }

    @Test
    void theGateNeverThrowsAndIsDeterministic() {
        Property.forAll(GATE_INPUTS).tries(300).check(input -> {
            DiscoveryEvidence evidence = GATE.resolve(input);
            assertThat(GATE.resolve(input).toWire()).isEqualTo(evidence.toWire());
        });
    }

    @Test
    void aProbeOutsideThePlanAlwaysBlocks() {
        Property.forAll(GATE_INPUTS, NAME_GEN).tries(300).check((input, outside) -> {
            DiscoveryPlan plan = input.plan().orElseThrow();
            boolean inPlan = PrimitiveRegistry.defaults().find(outside).filter(plan.allowedPrimitives()::contains)
                    .isPresent();
            List<ProbeResult> probes = new java.util.ArrayList<>(input.probeResults());
            probes.add(ProbeResult.builder().primitiveId(outside).rowsMatched(10.0).rowsReceived(10.0).build());
            DiscoveryEvidence evidence = GATE.resolve(EvidenceGateInput.builder(plan).probeResults(probes)
                    .confirmedFacts(List.of("fact")).sourceRowsSummary("rows").build());
            if (!inPlan) {
                assertThat(evidence.evidenceStatus()).isEqualTo(EvidenceStatus.BLOCKED);
                assertThat(evidence.answerPermission()).isEqualTo(AnswerPermission.CHECKED_SOURCES_ONLY);
                assertThat(evidence.reasonCodes().contains("probe_result_used_primitive_outside_runtime_plan"))
                        .isTrue();
            }
        });
    }

    @Test
    void confirmedNeedsMatchedRowsAndASourceSummary() {
        Property.forAll(GATE_INPUTS).tries(300).check(input -> {
            DiscoveryEvidence evidence = GATE.resolve(input);
            if (evidence.evidenceStatus() == EvidenceStatus.CONFIRMED) {
                assertThat(evidence.rowsMatched()).isPositive();
                assertThat(evidence.sourceRowsSummary()).isPresent();
                assertThat(evidence.confirmedFacts()).isNotEmpty();
                assertThat(evidence.bypassDetected()).isFalse();
            }
        });
    }

    @Test
    void theWireReadersAnswerEveryJsonTreeWithAResultOrATypedError() {
        Property.forAll(TREES).tries(400).check(input -> {
            for (Function<Map<String, Object>, Map<String, Object>> read : List.<Function<Map<String, Object>,
                    Map<String, Object>>>of(tree -> BUILDER.build(DiscoveryPlanInput.fromWire(tree)).toWire(),
                    tree -> GATE.resolve(EvidenceGateInput.fromWire(tree)).toWire())) {
                String answer = answer(read, input);
                assertThat(answer(read, input)).isEqualTo(answer);
                if (!answer.startsWith("invalid_input")) {
                    assertThat(CODEC.parseObject(answer)).containsKey("schema_version");
                }
            }
        });
    }

    /** The result as JSON, or the code and message of the typed refusal; anything else thrown fails the property. */
    private static String answer(Function<Map<String, Object>, Map<String, Object>> read, Map<String, Object> input) {
        try {
            return CODEC.write(read.apply(input));
        } catch (InvalidInputException e) {
            assertThat(e.code()).isEqualTo("invalid_input");
            return e.code() + ": " + e.getMessage();
        }
    }
}
