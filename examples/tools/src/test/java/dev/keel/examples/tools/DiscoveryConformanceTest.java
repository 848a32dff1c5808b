package dev.keel.examples.tools;

import static dev.keel.test.core.CoreAssertions.assertThatJson;
import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.InvalidInputException;
import dev.keel.core.Principal;
import dev.keel.core.json.JsonCodec;
import dev.keel.evidence.DiscoveryEvidence;
import dev.keel.evidence.DiscoveryPlan;
import dev.keel.evidence.DiscoveryPlanBuilder;
import dev.keel.evidence.DiscoveryPlanInput;
import dev.keel.evidence.EvidenceGate;
import dev.keel.evidence.EvidenceGateInput;
import dev.keel.evidence.PrimitiveRegistry;
import dev.keel.mcp.McpDiscoveryRun;
import dev.keel.mcp.McpProbe;
import dev.keel.policy.PolicyEvaluator;
import dev.keel.policy.ToolTurn;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The example's discovery against the evidence conformance corpus (generated from the reference implementation).
 *
 * <p>Plans: every plan case whose proposal the example's registry reads as the reference's does (each proposed name
 * is a primitive of both, or of neither) must be planned by the example's registry exactly as the case says.
 *
 * <p>Gates: every gate case whose plan uses only the example's primitives and whose probes report no row is run by
 * the example's discovery on its own MCP servers, serving records that hold no row, and the evidence gate, given the
 * run's probe results and the case's facts, must give the case's evidence field for field.
 */
class DiscoveryConformanceTest {

    private static final JsonCodec CODEC = JsonCodec.strict();
    private static final PrimitiveRegistry REFERENCE = PrimitiveRegistry.defaults();

    private static OperationsAssistant assistant;

    record Case(String id, Map<String, Object> input, Object expected) {
        @Override
        public String toString() {
            return id;
        }
    }

    @BeforeAll
    static void start() {
        assistant = OperationsAssistant.builder().records(new OperationsRecords(List.of(),
                List.of(new OperationsRecords.TeamPayroll("operations", 0, 0)), "2026-10", Map.of("USD/EUR", 0.92)))
                .build();
    }

    @AfterAll
    static void stop() {
        assistant.close();
    }

    static Stream<Case> planCases() {
        return load("discovery-plan.jsonl").stream().filter(c -> c.expected() instanceof Map)
                .filter(c -> readAlike(c.input().get("proposedPrimitives"), (Map<?, ?>) c.expected()));
    }

    static Stream<Case> gateCases() {
        return load("evidence-gate.jsonl").stream().filter(DiscoveryConformanceTest::answerable);
    }

    @Test
    void enoughCasesApply() {
        assertThat(planCases().count()).as("plan cases").isGreaterThanOrEqualTo(300);
        assertThat(gateCases().count()).as("gate cases").isGreaterThanOrEqualTo(40);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("planCases")
    void theExamplesRegistryPlansAsTheReference(Case c) {
        DiscoveryPlan plan = DiscoveryPlanBuilder.create(assistant.discovery().registry())
                .build(DiscoveryPlanInput.fromWire(c.input()));

        assertThatJson(CODEC.parse(CODEC.write(plan.toWire()))).isSameJsonAs(c.expected());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("gateCases")
    @SuppressWarnings("unchecked")
    void aRunOnTheExamplesServersIsGradedAsTheReference(Case c) {
        DiscoveryPlan plan = DiscoveryPlan.fromWire((Map<String, ?>) c.input().get("plan"),
                assistant.discovery().registry());
        Principal finance = Principal.of("finance", "confidential");
        ToolTurn turn = new ToolTurn(finance, PolicyEvaluator.create(assistant.policy()).evaluate(finance, List.of()),
                List.of(), false);

        McpDiscoveryRun run = assistant.discovery().run(assistant.tools().gate(assistant.policy()), turn, plan,
                "the operations team");
        EvidenceGateInput facts = EvidenceGateInput.fromWire(c.input());
        DiscoveryEvidence evidence = EvidenceGate.create().resolve(run.evidenceInput()
                .confirmedFacts(facts.confirmedFacts())
                .inferredFacts(facts.inferredFacts())
                .unknownFacts(facts.unknownFacts())
                .queryLimitations(facts.queryLimitations())
                .sourceRowsSummary(facts.sourceRowsSummary().orElse(null))
                .recommendedNextProbe(facts.recommendedNextProbe().orElse(null))
                .build());

        assertThat(run.probes()).allSatisfy(probe -> assertThat(probe.outcome())
                .isIn(McpProbe.Outcome.EMPTY, McpProbe.Outcome.NOT_RUN));
        assertThatJson(CODEC.parse(CODEC.write(evidence.toWire()))).isSameJsonAs(c.expected());
    }

    /**
     * The example's registry reads the proposal as the reference's does: every proposed name is a primitive of both
     * registries or of neither, as given and trimmed, the primitives the reference allowed are the example's, and
     * the names it rejected are not.
     */
    private static boolean readAlike(Object proposed, Map<?, ?> expected) {
        PrimitiveRegistry example = assistant.discovery().registry();
        if (proposed instanceof List<?> names && !names.stream().filter(String.class::isInstance)
                .map(String.class::cast).flatMap(name -> Stream.of(name, name.strip()))
                .allMatch(name -> REFERENCE.find(name).isPresent() == example.find(name).isPresent())) {
            return false;
        }
        return names(expected.get("allowed_primitives")).stream().allMatch(name -> example.find(name).isPresent())
                && names(expected.get("rejected_primitives")).stream().noneMatch(name -> example.find(name)
                        .isPresent() || REFERENCE.find(name).isPresent());
    }

    private static List<String> names(Object list) {
        return list instanceof List<?> items ? items.stream().filter(String.class::isInstance)
                .map(String.class::cast).toList() : List.of();
    }

    /** A gate case the example's servers can answer: a plan of its primitives, probes of them without rows. */
    @SuppressWarnings("unchecked")
    private static boolean answerable(Case c) {
        if (!(c.expected() instanceof Map) || !(c.input().get("plan") instanceof Map<?, ?> planTree)) {
            return false;
        }
        DiscoveryPlan plan;
        try {
            plan = DiscoveryPlan.fromWire((Map<String, ?>) planTree, assistant.discovery().registry());
        } catch (InvalidInputException e) {
            return false;
        }
        if (!sameJson(plan.toWire(), planTree)) {
            return false;
        }
        Object probes = c.input().get("probeResults");
        if (probes == null) {
            return true;
        }
        if (!(probes instanceof List<?> list)) {
            return false;
        }
        List<String> reachable = plan.allowedPrimitives().stream().limit(plan.executionBudget().maxProbeCount())
                .map(p -> p.wireName()).toList();
        for (Object item : list) {
            if (!(item instanceof Map<?, ?> probe) || !(probe.get("primitive_id") instanceof String primitive)
                    || !reachable.contains(primitive) || probe.get("limitation") != null
                    || countsRows(probe.get("rows_received")) || countsRows(probe.get("rows_matched"))) {
                return false;
            }
        }
        return true;
    }

    /** Whether the gate would count {@code value} as rows: a number above 0 (a missing or other value is none). */
    private static boolean countsRows(Object value) {
        if (value == null) {
            return false;
        }
        if (!(value instanceof Number number)) {
            return true;
        }
        return Double.isNaN(number.doubleValue()) || number.doubleValue() > 0;
    }

    private static boolean sameJson(Object actual, Object expected) {
        try {
            assertThatJson(CODEC.parse(CODEC.write(actual))).isSameJsonAs(CODEC.parse(CODEC.write(expected)));
            return true;
        } catch (AssertionError e) {
            return false;
        }
    }

    @SuppressWarnings("unchecked")
    private static List<Case> load(String name) {
        List<Case> cases = new ArrayList<>();
        try (InputStream in = Objects.requireNonNull(DiscoveryConformanceTest.class
                        .getResourceAsStream("/conformance/evidence/" + name), name);
                BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            reader.lines().forEach(line -> {
                Map<String, Object> parsed = CODEC.parseObject(line);
                cases.add(new Case((String) parsed.get("id"), (Map<String, Object>) parsed.get("input"),
                        parsed.get("expected")));
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return cases;
    }
}
