package dev.keel.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.ConfigurationException;
import dev.keel.core.Decision;
import dev.keel.evidence.AnswerPermission;
import dev.keel.evidence.DiscoveryEvidence;
import dev.keel.evidence.DiscoveryPlan;
import dev.keel.evidence.DiscoveryPlanBuilder;
import dev.keel.evidence.DiscoveryPlanInput;
import dev.keel.evidence.DiscoveryPrimitive;
import dev.keel.evidence.EvidenceGate;
import dev.keel.evidence.ProbeResult;
import dev.keel.evidence.ProbeStatus;
import dev.keel.evidence.TurnMeaning;
import dev.keel.policy.ToolGate;
import dev.keel.policy.ToolPlacement;
import dev.keel.policy.ToolTurn;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A discovery plan run on MCP tools mapped to primitives, against real MCP servers: which tools the plan lets the
 * run call, how each call becomes a probe result (ok, empty, failed, refused), and what the evidence gate makes of
 * them.
 */
class McpDiscoveryTest {

    private static House house;
    private static ToolGate gate;
    private static McpDiscovery discovery;

    @BeforeAll
    static void start() {
        house = new House();
        gate = house.source.gate(House.POLICY);
        discovery = McpDiscovery.builder(house.source)
                .primitive("query_movements", "ledger_lookup")
                .primitive("aggregate_by_axis", "payroll_report")
                .primitive("probe_coverage", "fx_rates")
                .primitive("fx_feed", "fx_broken")
                .build();
    }

    @AfterAll
    static void stop() {
        house.close();
    }

    private static DiscoveryPlan plan(Double maxProbeCount, String... proposed) {
        return DiscoveryPlanBuilder.create(discovery.registry()).build(DiscoveryPlanInput.builder()
                .semanticDataNeed("balances of account AC-7781")
                .turnMeaning(TurnMeaning.builder().askedDomainFamily("accounts").build())
                .proposedPrimitives(proposed)
                .maxProbeCount(maxProbeCount)
                .build());
    }

    private static Map<String, Object> arguments(DiscoveryPrimitive primitive) {
        return Map.of("account", "AC-7781");
    }

    @Test
    void theRegistryHoldsTheMappedPrimitivesSoThePlanRejectsEveryOtherName() {
        assertThat(discovery.registry().primitives()).extracting(DiscoveryPrimitive::wireName)
                .containsExactly("query_movements", "aggregate_by_axis", "probe_coverage", "fx_feed");
        assertThat(discovery.tool(DiscoveryPrimitive.QUERY_MOVEMENTS)).contains("ledger_lookup");

        DiscoveryPlan plan = plan(null, "query_movements", "raw_sql", "search_business_entity");

        assertThat(plan.allowedPrimitives()).containsExactly(DiscoveryPrimitive.QUERY_MOVEMENTS);
        assertThat(plan.rejectedPrimitives()).containsExactly("raw_sql", "search_business_entity");
    }

    @Test
    void aPrimitiveMappedToAToolNoServerServesIsRefusedAtBuild() {
        assertThatThrownBy(() -> McpDiscovery.builder(house.source).primitive("query_movements", "wire_transfer"))
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("wire_transfer");
        assertThatThrownBy(() -> McpDiscovery.builder(house.source).primitive("query_movements", "ledger_lookup")
                .primitive("query_movements", "ledger_notes"))
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("twice");
    }

    @Test
    void probesWithMatchedRowsAndFactsGiveAConfirmedAnswer() {
        McpDiscoveryRun run = discovery.run(gate, House.turn("clerk", "internal", List.of(), false),
                plan(null, "query_movements"), McpDiscoveryTest::arguments);

        assertThat(run.probes()).singleElement().satisfies(probe -> {
            assertThat(probe.outcome()).isEqualTo(McpProbe.Outcome.OK);
            assertThat(probe.tool()).isEqualTo("ledger_lookup");
            ProbeResult result = probe.probeResult().orElseThrow();
            assertThat(result.status()).contains(ProbeStatus.OK);
            assertThat(result.rowsReceived()).isEqualTo(3.0);
            assertThat(result.rowsMatched()).isEqualTo(2.0);
        });
        DiscoveryEvidence evidence = EvidenceGate.create().resolve(run.evidenceInput()
                .confirmedFacts(List.of("balance 1 200")).sourceRowsSummary("2 of 3 postings").build());
        assertThat(evidence.answerPermission()).isEqualTo(AnswerPermission.CONFIRMED_ANSWER);
        assertThat(evidence.reasonCodes().values()).contains("confirmed_facts_with_allowed_mcp_evidence");
    }

    @Test
    void aRefusedProbeIsSkippedAndCallsNothingSoItsFactsAreNotConfirmed() {
        int before = house.ledger.received("payroll_report").size();

        McpDiscoveryRun run = discovery.run(gate, House.turn("guest", "public", List.of(), false),
                plan(null, "aggregate_by_axis"), McpDiscoveryTest::arguments);

        McpProbe probe = run.probes().get(0);
        assertThat(probe.outcome()).isEqualTo(McpProbe.Outcome.REFUSED);
        assertThat(probe.call().reasonCodes().values()).contains("tool_role_not_allowed");
        assertThat(probe.probeResult().orElseThrow().status()).contains(ProbeStatus.SKIPPED);
        assertThat(house.ledger.received("payroll_report")).hasSize(before);
        DiscoveryEvidence evidence = EvidenceGate.create().resolve(run.evidenceInput()
                .confirmedFacts(List.of("payroll 98 000")).sourceRowsSummary("12 rows").build());
        assertThat(evidence.answerPermission()).isEqualTo(AnswerPermission.CHECKED_SOURCES_ONLY);
        assertThat(evidence.reasonCodes().values()).contains("confirmed_facts_without_matched_probe_rows");
        assertThat(evidence.queryLimitations()).containsExactly(
                "aggregate_by_axis: refused (tool_role_not_allowed, tool_clearance_not_allowed)");
    }

    @Test
    void aResultTheGateDeniesCountsNoRow() {
        // A guest may call the ledger, but the accounts domain its result carries is denied to guests.
        McpDiscoveryRun run = discovery.run(gate, House.turn("guest", "public", List.of(), false),
                plan(null, "query_movements"), McpDiscoveryTest::arguments);

        McpProbe probe = run.probes().get(0);
        assertThat(probe.call().called()).isTrue();
        assertThat(probe.call().decision()).isEqualTo(Decision.DENY);
        assertThat(probe.outcome()).isEqualTo(McpProbe.Outcome.EMPTY);
        assertThat(probe.probeResult().orElseThrow().rowsReceived()).isZero();
        assertThat(run.decision()).isEqualTo(Decision.DENY);
    }

    @Test
    void aFailingServerIsAFailedProbeNotAnException() {
        McpDiscoveryRun run = discovery.run(gate, House.turn("clerk", "internal", List.of(), false),
                plan(null, "fx_feed", "query_movements"), McpDiscoveryTest::arguments);

        assertThat(run.probes()).extracting(McpProbe::outcome)
                .containsExactly(McpProbe.Outcome.FAILED, McpProbe.Outcome.OK);
        ProbeResult failed = run.probes().get(0).probeResult().orElseThrow();
        assertThat(failed.status()).contains(ProbeStatus.ERROR);
        assertThat(failed.limitation()).contains("fx_feed: failed (mcp_tool_error)");
        DiscoveryEvidence evidence = EvidenceGate.create().resolve(run.evidenceInput()
                .inferredFacts(List.of("the balance is stable")).build());
        assertThat(evidence.answerPermission()).isEqualTo(AnswerPermission.BOUNDED_INFERENCE);
        assertThat(evidence.queryLimitations()).contains("fx_feed: failed (mcp_tool_error)");
    }

    @Test
    void aServerThatTimesOutIsAFailedProbe() {
        McpSyncClient client = McpClient.sync(House.transport(house.markets)).requestTimeout(Duration.ofSeconds(1))
                .initializationTimeout(Duration.ofSeconds(30)).build();
        try (McpToolSource impatient = McpServers.builder().server("markets", ToolPlacement.EXTERNAL, client).build()) {
            McpDiscovery slow = McpDiscovery.builder(impatient).primitive("probe_coverage", "fx_slow").build();
            DiscoveryPlan plan = DiscoveryPlanBuilder.create(slow.registry()).build(DiscoveryPlanInput.builder()
                    .semanticDataNeed("rates").turnMeaning(TurnMeaning.builder().askedDomainFamily("markets").build())
                    .proposedPrimitives("probe_coverage").build());

            McpDiscoveryRun run = slow.run(impatient.gate(House.POLICY), House.turn("clerk", "internal", List.of(),
                    false), plan, primitive -> Map.of());

            assertThat(run.probes()).singleElement().satisfies(probe -> {
                assertThat(probe.outcome()).isEqualTo(McpProbe.Outcome.FAILED);
                assertThat(probe.call().reasonCodes().values()).containsExactly(McpToolSource.TIMEOUT);
                assertThat(probe.probeResult().orElseThrow().status()).contains(ProbeStatus.ERROR);
            });
        } finally {
            client.close();
        }
    }

    @Test
    void theRunStaysWithinThePlansProbeBudget() {
        int before = house.markets.received("fx_rates").size();

        McpDiscoveryRun run = discovery.run(gate, House.turn("clerk", "internal", List.of(), false),
                plan(1.0, "query_movements", "probe_coverage"), McpDiscoveryTest::arguments);

        assertThat(run.probes()).extracting(McpProbe::outcome)
                .containsExactly(McpProbe.Outcome.OK, McpProbe.Outcome.NOT_RUN);
        assertThat(run.probes().get(1).probeResult()).isEmpty();
        assertThat(run.probeResults()).hasSize(1);
        assertThat(house.markets.received("fx_rates")).hasSize(before);
    }

    @Test
    void aPlanTheRuntimeDoesNotAllowCallsNothing() {
        int before = house.ledger.received().size() + house.markets.received().size();
        DiscoveryPlan plan = DiscoveryPlanBuilder.create(discovery.registry()).build(DiscoveryPlanInput.builder()
                .proposedPrimitives("query_movements").build());
        assertThat(plan.isAllowed()).isFalse();

        McpDiscoveryRun run = discovery.run(gate, House.turn("clerk", "internal", List.of(), false), plan,
                McpDiscoveryTest::arguments);

        assertThat(run.probes()).isEmpty();
        assertThat(house.ledger.received().size() + house.markets.received().size()).isEqualTo(before);
        DiscoveryEvidence evidence = EvidenceGate.create().resolve(run.evidenceInput().build());
        assertThat(evidence.reasonCodes().values()).contains("plan_not_allowed_by_runtime");
    }

    @Test
    void afterAnInternalOnlyResultNoExternalToolIsCalled() {
        int before = house.markets.received("fx_rates").size();
        ToolTurn turn = House.turn("analyst", "secret", List.of(), false);

        McpDiscoveryRun run = discovery.run(gate, turn, plan(null, "aggregate_by_axis", "probe_coverage"),
                McpDiscoveryTest::arguments);

        assertThat(run.probes()).extracting(McpProbe::outcome)
                .containsExactly(McpProbe.Outcome.OK, McpProbe.Outcome.REFUSED);
        assertThat(run.probes().get(1).call().reasonCodes().values()).contains("tool_external_internal_only");
        assertThat(house.markets.received("fx_rates")).hasSize(before);
    }

    @Test
    void theFlowOfTheDocumentedSample() {
        int fxBefore = house.markets.received("fx_rates").size();
        int payrollBefore = house.ledger.received("payroll_report").size();

        McpDiscoveryRun run = discovery.run(gate, House.turn("clerk", "internal", List.of(), false),
                plan(2.0, "query_movements", "aggregate_by_axis", "probe_coverage"), McpDiscoveryTest::arguments);

        assertThat(run.probes()).extracting(McpProbe::outcome).containsExactly(McpProbe.Outcome.OK,
                McpProbe.Outcome.REFUSED, McpProbe.Outcome.NOT_RUN);
        assertThat(run.probeResults()).extracting(ProbeResult::rowsMatched).containsExactly(2.0, 0.0);
        assertThat(house.markets.received("fx_rates")).hasSize(fxBefore);
        assertThat(house.ledger.received("payroll_report")).hasSize(payrollBefore);
        DiscoveryEvidence confirmed = EvidenceGate.create().resolve(run.evidenceInput()
                .confirmedFacts(List.of("balance 1 200")).sourceRowsSummary("2 of 3 postings of AC-7781").build());
        assertThat(confirmed.answerPermission()).isEqualTo(AnswerPermission.CONFIRMED_ANSWER);
        assertThat(confirmed.queryLimitations()).containsExactly(
                "aggregate_by_axis: refused (tool_role_not_allowed, tool_clearance_not_allowed)");
        assertThat(run.decision()).isEqualTo(Decision.PARTIAL);
    }
}
