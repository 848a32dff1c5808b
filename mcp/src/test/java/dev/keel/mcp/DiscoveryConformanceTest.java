package dev.keel.mcp;

import static dev.keel.test.core.CoreAssertions.assertThatJson;
import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.InvalidInputException;
import dev.keel.core.json.JsonCodec;
import dev.keel.evidence.DiscoveryEvidence;
import dev.keel.evidence.DiscoveryPlan;
import dev.keel.evidence.DiscoveryPlanBuilder;
import dev.keel.evidence.DiscoveryPlanInput;
import dev.keel.evidence.DiscoveryPrimitive;
import dev.keel.evidence.EvidenceGate;
import dev.keel.evidence.EvidenceGateInput;
import dev.keel.evidence.PrimitiveRegistry;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.ToolGate;
import dev.keel.policy.ToolPlacement;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The evidence conformance corpus (generated from the reference implementation) answered by discovery runs on MCP
 * tools: each of the reference's nine primitives is mapped to a tool of a real MCP server, the plan is built from the
 * mapping's registry, and the tools answer with the rows of the case's probe results; the evidence gate, given the
 * run's probe results and the case's facts, must give the case's expected evidence, field for field.
 *
 * <p>A gate case is answered when a run can produce its probe results: every probe names a primitive the plan allows
 * and the run reaches within the plan's budget (a run never calls outside the plan, so the bypass cases are the
 * reference's alone), its rows are numbers and it reports no limitation of its own, and a plan the
 * runtime does not allow has no rows (a run of such a plan calls nothing). The tool of a primitive answers with the
 * sum of the case's countable rows for it; the gate adds countable rows, so the totals it decides on are the case's.
 * The facts are the host's, as the case gives them.
 */
class DiscoveryConformanceTest {

    private static final JsonCodec CODEC = JsonCodec.strict();
    private static final Map<String, double[]> ROWS = new ConcurrentHashMap<>();

    private static LoopbackMcpServer server;
    private static McpToolSource source;
    private static McpDiscovery discovery;
    private static ToolGate gate;

    record Case(String id, Map<String, Object> input, @Nullable Object expected) {
        @Override
        public String toString() {
            return id;
        }
    }

    @BeforeAll
    static void start() {
        List<LoopbackMcpServer.Tool> tools = new ArrayList<>();
        Map<String, Object> policyTools = new LinkedHashMap<>();
        for (DiscoveryPrimitive primitive : PrimitiveRegistry.defaults().primitives()) {
            String tool = "probe_" + primitive.wireName();
            tools.add(LoopbackMcpServer.tool(tool, "Probe " + primitive.wireName(), arguments -> {
                double[] rows = ROWS.getOrDefault(tool, new double[2]);
                return LoopbackMcpServer.structured(Map.of("rows_received", rows[0], "rows_matched", rows[1]));
            }));
            policyTools.put(tool, Map.of("allowed_roles", List.of("analyst"), "result_domains", List.of("records"),
                    "placement", "internal"));
        }
        server = LoopbackMcpServer.start("records", tools);
        source = McpServers.builder().server("records", ToolPlacement.INTERNAL, House.transport(server)).build();
        McpDiscovery.Builder builder = McpDiscovery.builder(source);
        for (DiscoveryPrimitive primitive : PrimitiveRegistry.defaults().primitives()) {
            builder.primitive(primitive.wireName(), "probe_" + primitive.wireName());
        }
        discovery = builder.build();
        gate = source.gate(PolicyDocument.fromTree(Map.of("policy_id", "records", "version", "1",
                "roles", Map.of("analyst", Map.of("allowed_clearances", List.of("internal"),
                        "allowed_domains", List.of("records"), "default_decision", "ALLOW")),
                "tools", policyTools)));
    }

    @AfterAll
    static void stop() {
        source.close();
        server.close();
    }

    static Stream<Case> planCases() {
        return load("discovery-plan.jsonl").stream().filter(c -> c.expected() != null);
    }

    static Stream<Case> gateCases() {
        return load("evidence-gate.jsonl").stream().filter(c -> answerable(c) != null);
    }

    @Test
    void theAnsweredGateCasesCoverEveryAnswerPermission() {
        assertThat(gateCases().count()).as("gate cases answered by runs").isGreaterThanOrEqualTo(250);
        assertThat(gateCases().map(c -> field(c.expected(), "answer_permission")).distinct().toList())
                .containsExactlyInAnyOrder("confirmed_answer", "bounded_inference", "checked_sources_only");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("planCases")
    void theMappingsRegistryPlansAsTheReference(Case c) {
        DiscoveryPlan plan = DiscoveryPlanBuilder.create(discovery.registry())
                .build(DiscoveryPlanInput.fromWire(c.input()));

        assertThatJson(CODEC.parse(CODEC.write(plan.toWire()))).isSameJsonAs(c.expected());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("gateCases")
    void aRunOnMcpToolsIsGradedAsTheReference(Case c) {
        Answerable answerable = Objects.requireNonNull(answerable(c));
        ROWS.clear();
        answerable.rows().forEach((primitive, rows) -> ROWS.put("probe_" + primitive, rows));

        McpDiscoveryRun run = discovery.run(gate, House.turnOf("analyst", "internal", gate.policy()),
                answerable.plan(), primitive -> Map.of());
        // The facts are the host's, read from the case as the gate reads its JSON input.
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
                .isIn(McpProbe.Outcome.OK, McpProbe.Outcome.EMPTY, McpProbe.Outcome.NOT_RUN));
        assertThatJson(CODEC.parse(CODEC.write(evidence.toWire()))).isSameJsonAs(c.expected());
    }

    /** The plan and each primitive's rows, when a run can produce the case's probe results. */
    record Answerable(DiscoveryPlan plan, Map<String, double[]> rows) {
    }

    @SuppressWarnings("unchecked")
    private static @Nullable Answerable answerable(Case c) {
        Map<String, Object> input = c.input();
        if (!(c.expected() instanceof Map) || !(input.get("plan") instanceof Map<?, ?> planTree)) {
            return null;
        }
        DiscoveryPlan plan;
        try {
            plan = DiscoveryPlan.fromWire((Map<String, ?>) planTree, discovery.registry());
        } catch (InvalidInputException e) {
            return null;
        }
        // The gate echoes the plan as given: only a plan the run's plan writes the same way is the case's plan.
        if (!sameJson(plan.toWire(), planTree)) {
            return null;
        }
        Object probes = input.get("probeResults");
        if (probes != null && !(probes instanceof List)) {
            return null;
        }
        List<String> reachable = plan.allowedPrimitives().stream()
                .limit(plan.executionBudget().maxProbeCount()).map(DiscoveryPrimitive::wireName).toList();
        Map<String, double[]> rows = new LinkedHashMap<>();
        for (Object item : probes == null ? List.of() : (List<Object>) probes) {
            if (!(item instanceof Map<?, ?> probe) || !(probe.get("primitive_id") instanceof String primitive)
                    || !reachable.contains(primitive) || probe.get("limitation") != null) {
                return null;
            }
            double[] sum = rows.computeIfAbsent(primitive, p -> new double[2]);
            for (int i = 0; i < 2; i++) {
                Object value = probe.get(i == 0 ? "rows_received" : "rows_matched");
                if (value != null && !(value instanceof Number)) {
                    return null;
                }
                double count = value == null ? 0 : ((Number) value).doubleValue();
                sum[i] += Double.isFinite(count) && count > 0 ? count : 0;
            }
        }
        for (double[] sum : rows.values()) {
            if (!Double.isFinite(sum[0]) || !Double.isFinite(sum[1])
                    || (!plan.isAllowed() && (sum[0] > 0 || sum[1] > 0))) {
                return null;
            }
        }
        return new Answerable(plan, rows);
    }

    /** The same JSON, numbers compared by value ({@code 1} and {@code 1.0} are one number). */
    private static boolean sameJson(Object actual, Object expected) {
        try {
            assertThatJson(CODEC.parse(CODEC.write(actual))).isSameJsonAs(CODEC.parse(CODEC.write(expected)));
            return true;
        } catch (AssertionError e) {
            return false;
        }
    }

    private static @Nullable Object field(@Nullable Object object, String key) {
        return ((Map<?, ?>) Objects.requireNonNull(object)).get(key);
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
