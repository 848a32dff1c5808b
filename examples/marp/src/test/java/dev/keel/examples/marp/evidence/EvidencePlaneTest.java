package dev.keel.examples.marp.evidence;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.examples.marp.evidence.ConfidenceLevel;
import dev.keel.core.Decision;
import dev.keel.core.EvidenceSources;
import dev.keel.core.Principal;
import dev.keel.core.Provenance;
import dev.keel.core.json.JsonCodec;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Routing, collection, confidence and the provenance stub on the example evidence. */
class EvidencePlaneTest {

    private static final List<String> SUBTASKS = List.of("capability_threshold_check", "identify_transition_calendars",
            "compare_uncertainty_bands", "identify_bottlenecks", "collect_policy_flags");
    private static final List<String> POLICY = List.of("marp_policy.json", "marp_governance_knowledge.md");
    private static final EvidenceRouter ROUTER = EvidenceRouter.create();

    static String resource(String name) {
        try (InputStream in = Objects.requireNonNull(EvidencePlaneTest.class.getResourceAsStream("/marp/" + name), name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static RegulatedKnowledge knowledge() {
        return RegulatedKnowledgeReader.read("marp_regulated_knowledge.json", resource("marp_regulated_knowledge.json"));
    }

    static GovernedData data() {
        return GovernedDataReader.read("marp_governed_data_view.csv", resource("marp_governed_data_view.csv"));
    }

    /** A governed data source that counts its reads. */
    static final class RecordingSource implements GovernedDataSource {
        final AtomicInteger reads = new AtomicInteger();
        private final GovernedData data;

        RecordingSource(GovernedData data) {
            this.data = data;
        }

        @Override
        public String name() {
            return data.source();
        }

        @Override
        public GovernedData read() {
            reads.incrementAndGet();
            return data;
        }
    }

    @Test
    void routingFollowsSectionThreeThree() {
        assertThat(ROUTER.route("SCENARIO 1: retire two boats in Q3, show weekly curves").reason()).isEqualTo("scenario_1_regulated_only");
        assertThat(ROUTER.route("SCENARIO 2 compare calendars with budget utilisation").route()).isEqualTo(EvidenceRoute.REGULATED_NARRATIVE);
        assertThat(ROUTER.route("SCENARIO 3 overview").route()).isEqualTo(EvidenceRoute.REGULATED_AND_GOVERNED);
        assertThat(ROUTER.route("Show the weekly curves of dock utilisation").reason()).isEqualTo("weekly_curves_requested");
        assertThat(ROUTER.route("What is the budget utilisation of calendar B?").reason()).isEqualTo("budget_utilisation_requested");
        assertThat(ROUTER.route("How does crew readiness change in week 7?").reason()).isEqualTo("weekly_patterns_requested");
        EvidenceRoutingDecision overview = ROUTER.route("Give me a high-level overview of calendars A and B");
        assertThat(overview.route()).isEqualTo(EvidenceRoute.REGULATED_ONLY);
        assertThat(overview.reason()).isEqualTo("high_level_regulated_only");
        assertThat(ROUTER.route(null).scenario()).isEqualTo(Scenario.NONE);
        // One definition with model routing's scenario_tag: any case, word-bounded, 1 before 2 before 3.
        assertThat(ROUTER.route("scenario-1: compare").route()).isEqualTo(EvidenceRoute.REGULATED_ONLY);
        assertThat(ROUTER.route("SCENARIO 12 overview").scenario()).isEqualTo(Scenario.NONE);
        assertThat(ROUTER.route("SCENARIO 3 then SCENARIO 1").scenario()).isEqualTo(Scenario.SCENARIO_1);
    }

    @Test
    void scenarioOneNeverReadsTheGovernedData() {
        RecordingSource governed = new RecordingSource(data());
        EvidenceCollector collector = EvidenceCollector.create(RegulatedKnowledgeSource.of(knowledge()), governed);
        for (String prompt : List.of("SCENARIO 1 weekly curves and budget utilisation please", "SCENARIO 2 week 5",
                "High-level summary of the transition")) {
            CollectedEvidence evidence = collector.collect(ROUTER.route(prompt));
            assertThat(evidence.governed()).isEmpty();
            assertThat(evidence.sources(POLICY).of("governed_data")).isEmpty();
        }
        assertThat(governed.reads.get()).isZero();
        collector.collect(ROUTER.route("SCENARIO 3"));
        assertThat(governed.reads.get()).isEqualTo(1);
    }

    @Test
    void consistentCompleteEvidenceIsHighConfidence() {
        CollectedEvidence evidence = EvidenceCollector.create(RegulatedKnowledgeSource.of(knowledge()), GovernedDataSource.of(data()))
                .collect(ROUTER.route("SCENARIO 3 retire two boats"));
        ConfidenceAssessment assessment = ConfidenceAssessor.create()
                .assess(evidence, EvidenceElement.requestedBy(SUBTASKS, evidence.routing()));
        assertThat(assessment.confidence().level()).isEqualTo(ConfidenceLevel.HIGH);
        assertThat(assessment.contradictions()).isEmpty();
    }

    @Test
    void aGovernedFigureOutsideTheRegulatedRangeIsAContradictionNamingBothPlaces() {
        GovernedData data = data();
        List<WeeklyRow> rows = new ArrayList<>(data.rows());
        WeeklyRow week3 = rows.get(2);
        rows.set(2, new WeeklyRow("A", 3, new BigDecimal("0.70"), week3.dockUtilisation(), week3.crewReadiness(),
                week3.sparesCoverage(), week3.budgetCommitted(), week3.budgetEnvelope(), week3.locator()));
        CollectedEvidence evidence = new CollectedEvidence(ROUTER.route("SCENARIO 3"), knowledge(),
                java.util.Optional.of(new GovernedData(data.source(), rows)));
        ConfidenceAssessment assessment = ConfidenceAssessor.create().assess(evidence, Set.of());
        assertThat(assessment.confidence().level()).isEqualTo(ConfidenceLevel.LOW);
        assertThat(assessment.contradictions()).containsExactly("calendar A week 3 capability 0.70 at "
                + "marp_governed_data_view.csv#line=4&column=capability is outside the regulated range 0.82..0.95 fraction at "
                + "marp_regulated_knowledge.json#/calendars/0/capability_range");
    }

    @Test
    void aMissingCalendarIsLowAndAMissingElementPartial() {
        RegulatedKnowledge full = knowledge();
        RegulatedKnowledge onlyA = new RegulatedKnowledge(full.source(), full.caseId(), full.thresholds(), full.calendars().subList(0, 1));
        CollectedEvidence withoutB = EvidenceCollector.create(RegulatedKnowledgeSource.of(onlyA), GovernedDataSource.of(data()))
                .collect(ROUTER.route("overview"));
        assertThat(ConfidenceAssessor.create().assess(withoutB, Set.of()).confidence().level()).isEqualTo(ConfidenceLevel.LOW);

        RegulatedKnowledge noThresholds = new RegulatedKnowledge(full.source(), full.caseId(), List.of(), full.calendars());
        CollectedEvidence evidence = EvidenceCollector.create(RegulatedKnowledgeSource.of(noThresholds), GovernedDataSource.of(data()))
                .collect(ROUTER.route("overview"));
        ConfidenceAssessment partial = ConfidenceAssessor.create().assess(evidence, EvidenceElement.requestedBy(SUBTASKS, evidence.routing()));
        assertThat(partial.confidence().level()).isEqualTo(ConfidenceLevel.PARTIAL);
        assertThat(partial.confidence().rationale()).contains("no capability thresholds in marp_regulated_knowledge.json");
    }

    @Test
    void theProvenanceStubCarriesEvidenceAndValidates() {
        CollectedEvidence evidence = EvidenceCollector.create(RegulatedKnowledgeSource.of(knowledge()), GovernedDataSource.of(data()))
                .collect(ROUTER.route("SCENARIO 1 retire two boats in Q3"));
        ConfidenceAssessment assessment = ConfidenceAssessor.create().assess(evidence, EvidenceElement.requestedBy(SUBTASKS, evidence.routing()));
        Provenance provenance = ProvenanceStub.withEvidence(Provenance.builder()
                        .principal(Principal.of("planner", "secret")).decision(Decision.ALLOW)
                        .backendTarget("llama").backendUsed("llama")
                        .extension("router_selected_llm", "llama").extension("internal_only", false)
                        .extension("reasoning_mode", "balanced_summary")
                        .extension(ProvenanceStub.SUBTASKS_EXECUTED, SUBTASKS), POLICY, evidence, assessment)
                .build();
        String block = ProvenanceStub.render(provenance);
        assertThat(block).startsWith("```provenance_stub\n{\n  \"role\": \"planner\",").endsWith("\n}\n```\n");
        String json = block.substring(block.indexOf('\n') + 1, block.lastIndexOf("```"));
        Map<String, Object> stub = JsonCodec.strict().parseObject(json);
        assertThat(stub.get("evidence_sources")).isEqualTo(Map.of("policy", POLICY,
                "regulated_knowledge", List.of("marp_regulated_knowledge.json"), "governed_data", List.of()));
        assertThat(stub.get("evidence_routing")).isEqualTo("scenario_1_regulated_only");
        assertThat(stub.get("confidence")).isEqualTo(Map.of("level", "high", "rationale", "All requested elements present in regulated knowledge."));
        assertThat(StubSchema.problems(json)).isEmpty();
    }

    @Test
    void theStubRendersTheSeedsExampleFieldForField() {
        Provenance.Builder provenance = Provenance.builder()
                .principal(Principal.of("planner", "secret")).decision(Decision.ALLOW)
                .evidenceSources(EvidenceSources.builder()
                        .add("policy", List.of("marp_policy.json", "marp_governance_knowledge.md"))
                        .add("regulated_knowledge", List.of("marp_regulated_knowledge.json"))
                        .add("governed_data", List.of("marp_governed_data_view.csv")).build())
                .extension("router_selected_llm", "llama").backendTarget("llama").backendUsed("llama")
                .extension("internal_only", false).extension("reasoning_mode", "balanced_summary")
                .extension(ProvenanceStub.SUBTASKS_EXECUTED, List.of("capability_threshold_check",
                        "identify_transition_calendars", "compare_uncertainty_bands", "identify_bottlenecks",
                        "collect_policy_flags"));
        ProvenanceStub.confidence(provenance, new Confidence(ConfidenceLevel.HIGH,
                "All requested elements present and consistent with precomputed calendars and governed data."));

        assertThat(JsonCodec.strict().write(ProvenanceStub.toWire(provenance.build())))
                .isEqualTo(JsonCodec.strict().write(JsonCodec.strict().parse(resource("seed-000-provenance-stub.json"))));
    }

    @Test
    void theSeedsExampleStubValidatesAndABrokenOneDoesNot() {
        String example = resource("seed-000-provenance-stub.json");
        assertThat(StubSchema.problems(example)).isEmpty();
        assertThat(StubSchema.problems(example.replace("\"high\"", "\"certain\""))).isNotEmpty();
        assertThat(StubSchema.problems(example.replace("\"backend_used\": \"llama\",", ""))).isNotEmpty();
        assertThat(StubSchema.problems("{}")).isNotEmpty();
    }

    @Test
    void theExampleKnowledgeValidatesAgainstItsSchema() {
        assertThat(KnowledgeSchema.problems(resource("marp_regulated_knowledge.json"))).isEmpty();
        assertThat(KnowledgeSchema.problems(resource("marp_regulated_knowledge.json").replace("\"envelope\": 120.0", "\"envelope\": \"120\"")))
                .isNotEmpty();
    }

    /** The published provenance stub schema. */
    static final class StubSchema {
        static List<String> problems(String json) {
            return SchemaFiles.problems("provenance-stub.schema.json", json);
        }
    }

    /** The published regulated knowledge schema. */
    static final class KnowledgeSchema {
        static List<String> problems(String json) {
            return SchemaFiles.problems("regulated-knowledge.schema.json", json);
        }
    }
}
