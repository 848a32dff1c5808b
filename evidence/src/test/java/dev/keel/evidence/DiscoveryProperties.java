package dev.keel.evidence;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.eval.EvalOpRegistry;
import dev.keel.core.eval.EvalRunner;
import dev.keel.core.json.JsonCodec;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Properties of the discovery plan and evidence gate on arbitrary typed input and on arbitrary JSON trees through the ops. */
class DiscoveryProperties {

    private static final DiscoveryPlanBuilder BUILDER = DiscoveryPlanBuilder.create();
    private static final EvidenceGate GATE = EvidenceGate.create();
    private static final EvalRunner RUNNER = EvalRunner.create(EvalOpRegistry.discover());
    private static final JsonCodec CODEC = JsonCodec.strict();
    private static final List<String> NAMES = List.of("query_movements", "aggregate_by_axis", "probe_coverage",
            " query_movements", "raw_sql", "", "QUERY_DOCUMENTS", "explain_evidence_basis");

    @Property(tries = 300)
    void planBuildingNeverThrowsAndIsDeterministic(@ForAll("planInputs") DiscoveryPlanInput input) {
        DiscoveryPlan plan = BUILDER.build(input);
        assertThat(BUILDER.build(input).toWire()).isEqualTo(plan.toWire());
        assertThat(plan.executionBudget().maxProbeCount()).isBetween(1, 36);
        assertThat(plan.executionBudget().maxRowsPerProbe()).isBetween(1, 500);
        assertThat(plan.isAllowed()).isEqualTo(!plan.allowedPrimitives().isEmpty() && plan.semanticDataNeed().isPresent()
                && plan.turnMeaningRef().isPresent() && plan.reasonCodes().contains("guarded_mcp_discovery_plan_allowed"));
    }

    @Property(tries = 300)
    void theGateNeverThrowsAndIsDeterministic(@ForAll("gateInputs") EvidenceGateInput input) {
        DiscoveryEvidence evidence = GATE.resolve(input);
        assertThat(GATE.resolve(input).toWire()).isEqualTo(evidence.toWire());
    }

    @Property(tries = 300)
    void aProbeOutsideThePlanAlwaysBlocks(@ForAll("gateInputs") EvidenceGateInput input, @ForAll("names") String outside) {
        DiscoveryPlan plan = input.plan().orElseThrow();
        boolean inPlan = PrimitiveRegistry.defaults().find(outside).filter(plan.allowedPrimitives()::contains).isPresent();
        List<ProbeResult> probes = new java.util.ArrayList<>(input.probeResults());
        probes.add(ProbeResult.builder().primitiveId(outside).rowsMatched(10.0).rowsReceived(10.0).build());
        DiscoveryEvidence evidence = GATE.resolve(EvidenceGateInput.builder(plan).probeResults(probes)
                .confirmedFacts(List.of("fact")).sourceRowsSummary("rows").build());
        if (!inPlan) {
            assertThat(evidence.evidenceStatus()).isEqualTo(EvidenceStatus.BLOCKED);
            assertThat(evidence.answerPermission()).isEqualTo(AnswerPermission.CHECKED_SOURCES_ONLY);
            assertThat(evidence.reasonCodes().contains("probe_result_used_primitive_outside_runtime_plan")).isTrue();
        }
    }

    @Property(tries = 300)
    void confirmedNeedsMatchedRowsAndASourceSummary(@ForAll("gateInputs") EvidenceGateInput input) {
        DiscoveryEvidence evidence = GATE.resolve(input);
        if (evidence.evidenceStatus() == EvidenceStatus.CONFIRMED) {
            assertThat(evidence.rowsMatched()).isPositive();
            assertThat(evidence.sourceRowsSummary()).isPresent();
            assertThat(evidence.confirmedFacts()).isNotEmpty();
            assertThat(evidence.bypassDetected()).isFalse();
        }
    }

    @Property(tries = 400)
    void theOpsAnswerEveryJsonTreeWithAResultOrATypedError(@ForAll("trees") Map<String, Object> input) {
        for (String op : List.of("discovery_plan", "evidence_gate")) {
            Map<String, Object> request = new LinkedHashMap<>();
            request.put("op", op);
            request.put("input", input);
            String line = CODEC.write(request);
            String answer = RUNNER.answer(line);
            assertThat(RUNNER.answer(line)).isEqualTo(answer);
            Map<String, Object> parsed = CODEC.parseObject(answer);
            if (parsed.containsKey("error")) {
                assertThat(((Map<?, ?>) parsed.get("error")).get("code")).isEqualTo("invalid_input");
            } else {
                assertThat(parsed).containsKey("schema_version");
            }
        }
    }

    @Provide
    Arbitrary<String> names() {
        return Arbitraries.oneOf(Arbitraries.of(NAMES), Arbitraries.strings().ofMaxLength(12));
    }

    private static Arbitrary<String> texts() {
        return Arbitraries.oneOf(Arbitraries.of(NAMES), Arbitraries.strings().ofMaxLength(10), Arbitraries.just(null),
                Arbitraries.strings().withChars(" \t\u00a0\ufeff\u2028x").ofMaxLength(4));
    }

    private static Arbitrary<List<String>> textLists() {
        return texts().list().ofMaxSize(5).injectNull(0.1);
    }

    private static Arbitrary<Double> numbers() {
        return Arbitraries.oneOf(Arbitraries.doubles().between(-1e6, 1e6),
                Arbitraries.of(Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -0.0, 0.5, 36.9, 501.0, 1e300))
                .injectNull(0.2);
    }

    @Provide
    Arbitrary<DiscoveryPlanInput> planInputs() {
        Arbitrary<TurnMeaning> meaning = Combinators.combine(texts(), texts(), textLists(), numbers(),
                Arbitraries.of(true, false).injectNull(0.5), texts()).as((domain, date, entities, confidence, stale, scope) ->
                TurnMeaning.builder().askedDomainFamily(domain).explicitDateScope(date).explicitEntityCandidates(entities)
                        .meaningConfidence(confidence).staleReplayForbidden(stale).explicitOrganizationScope(scope).build())
                .injectNull(0.2);
        return Combinators.combine(texts(), meaning, textLists(), textLists(), textLists(), numbers(), numbers())
                .as((need, turn, proposed, axes, gaps, probes, rows) -> DiscoveryPlanInput.builder().semanticDataNeed(need)
                        .turnMeaning(turn).proposedPrimitives(proposed).requiredAxes(axes).clarificationGaps(gaps)
                        .maxProbeCount(probes).maxRowsPerProbe(rows).build());
    }

    @Provide
    Arbitrary<EvidenceGateInput> gateInputs() {
        Arbitrary<ProbeResult> probe = Combinators.combine(names().injectNull(0.1), numbers(), numbers(), texts())
                .as((name, received, matched, limitation) -> ProbeResult.builder().primitiveId(name)
                        .rowsReceived(received).rowsMatched(matched).limitation(limitation).build());
        return Combinators.combine(planInputs(), probe.list().ofMaxSize(4), textLists(), textLists(), texts(), textLists(), texts())
                .as((plan, probes, confirmed, inferred, summary, limitations, next) ->
                        EvidenceGateInput.builder(BUILDER.build(plan)).probeResults(probes).confirmedFacts(confirmed)
                                .inferredFacts(inferred).sourceRowsSummary(summary).queryLimitations(limitations)
                                .recommendedNextProbe(next).build());
    }

    @Provide
    Arbitrary<Map<String, Object>> trees() {
        List<String> keys = List.of("plan", "probeResults", "confirmedFacts", "inferredFacts", "sourceRowsSummary",
                "semanticDataNeed", "turnMeaning", "proposedPrimitives", "requiredAxes", "maxProbeCount", "reason_codes",
                "allowed_primitives", "plan_status", "primitive_id", "rows_matched", "limitation", "toString",
                "asked_domain_family", "meaning_confidence", "queryLimitations", "recommendedNextProbe");
        return object(Arbitraries.of(keys), 3);
    }

    private static Arbitrary<Map<String, Object>> object(Arbitrary<String> keys, int depth) {
        return Arbitraries.maps(keys, value(keys, depth - 1)).ofMaxSize(5).map(LinkedHashMap::new);
    }

    private static Arbitrary<Object> value(Arbitrary<String> keys, int depth) {
        Arbitrary<Object> leaf = Arbitraries.oneOf(texts().map(t -> (Object) t),
                Arbitraries.bigDecimals().between(new BigDecimal("-1e6"), new BigDecimal("1e6")).map(d -> (Object) d),
                Arbitraries.of(new BigDecimal("1e400"), new BigDecimal("-0"), new BigDecimal("2.50")).map(d -> (Object) d),
                Arbitraries.of(true, false).map(b -> (Object) b));
        if (depth <= 0) {
            return leaf;
        }
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(5, leaf),
                net.jqwik.api.Tuple.of(2, Arbitraries.lazy(() -> value(keys, depth - 1)).list().ofMaxSize(4).map(l -> (Object) l)),
                net.jqwik.api.Tuple.of(2, Arbitraries.lazy(() -> object(keys, depth - 1)).map(m -> (Object) m)));
    }
}
