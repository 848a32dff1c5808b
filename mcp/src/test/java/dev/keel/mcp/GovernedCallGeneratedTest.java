package dev.keel.mcp;

import static dev.keel.policy.ToolFixtures.pick;
import static dev.keel.policy.ToolFixtures.subset;
import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.core.content.Part;
import dev.keel.core.json.JsonCodec;
import dev.keel.evidence.DiscoveryPlan;
import dev.keel.evidence.DiscoveryPlanBuilder;
import dev.keel.evidence.DiscoveryPlanInput;
import dev.keel.evidence.TurnMeaning;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.PolicyEvaluator;
import dev.keel.policy.ToolCallVerdict;
import dev.keel.policy.ToolFixtures;
import dev.keel.policy.ToolGate;
import dev.keel.policy.ToolPlacement;
import dev.keel.policy.ToolTurn;
import dev.keel.reading.OutboundFilter;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Properties of governed MCP calls and discovery runs over generated policies, principals, turns and calls, against
 * real MCP servers (t0 and t1 served inside the house, t2 and t3 outside it; the policies place each tool at random),
 * from fixed seeds printed on failure: a server receives a call exactly when the gate allows it, with the arguments
 * the gate passed; an external server never receives a sensitive argument; a result never raises the decision.
 */
class GovernedCallGeneratedTest {

    private static final long SEED = 20261126L;
    private static final int POLICIES = 25;
    private static final int CALLS_PER_POLICY = 24;

    private static final ToolFixtures GEN = ToolFixtures.generator(3, 4, 5, 5);

    private static LoopbackMcpServer inside;
    private static LoopbackMcpServer outside;
    private static McpToolSource source;
    private static McpDiscovery discovery;

    @BeforeAll
    static void start() {
        inside = LoopbackMcpServer.start("inside", List.of(echo("t0"), echo("t1")));
        outside = LoopbackMcpServer.start("outside", List.of(echo("t2"), echo("t3")));
        source = McpServers.builder()
                .server("inside", ToolPlacement.INTERNAL, House.transport(inside))
                .server("outside", ToolPlacement.EXTERNAL, House.transport(outside))
                .build();
        discovery = McpDiscovery.builder(source).primitive("p0", "t0").primitive("p1", "t1").primitive("p2", "t2")
                .primitive("p3", "t3").build();
    }

    @AfterAll
    static void stop() {
        source.close();
        inside.close();
        outside.close();
    }

    private static LoopbackMcpServer.Tool echo(String name) {
        return LoopbackMcpServer.tool(name, "Echoes " + name, arguments -> LoopbackMcpServer.structured(Map.of(
                "received", arguments, "rows_received", 2, "rows_matched", 1)));
    }

    private static ToolTurn turn(Random random, PolicyDocument policy) {
        Principal principal = GEN.principal(random, policy);
        List<String> domains = subset(random, GEN.domains(), false);
        return new ToolTurn(principal, PolicyEvaluator.create(policy).evaluate(principal, domains), domains,
                random.nextInt(4) == 0);
    }

    private static int received() {
        return inside.received().size() + outside.received().size();
    }

    @Test
    void aServerReceivesACallExactlyWhenTheGateAllowsItAndOnlyWhatItPassed() {
        Random random = new Random(SEED);
        int calls = 0;
        int refusals = 0;
        for (int p = 0; p < POLICIES; p++) {
            PolicyDocument policy = GEN.policy(random);
            // Half the calls through the source's gate (external servers' tools external), half through the
            // policy's own, which may pass an external server's tool as internal.
            ToolGate strict = source.gate(policy);
            ToolGate own = ToolGate.create(policy, OutboundFilter.create(policy));
            for (int c = 0; c < CALLS_PER_POLICY; c++) {
                String context = "seed " + SEED + ", policy " + p + ", call " + c;
                ToolGate gate = random.nextBoolean() ? strict : own;
                ToolTurn turn = turn(random, policy);
                Part.ToolCall call = Part.ToolCall.of("c" + c, pick(random, GEN.tools()),
                        ToolFixtures.arguments(random));
                ToolCallVerdict expected = gate.check(turn, call);
                boolean served = source.tool(call.name()).isPresent();
                boolean outsideServer = served && source.tool(call.name()).orElseThrow().placement()
                        == ToolPlacement.EXTERNAL;
                boolean conflict = outsideServer && expected.policy() != null && !expected.policy().external();
                int before = received();
                LoopbackMcpServer server = outsideServer ? outside : inside;
                int beforeTool = server.received(call.name()).size();

                McpToolCall made = source.call(gate, turn, call);

                boolean shouldCall = expected.allowed() && served && !conflict;
                calls += shouldCall ? 1 : 0;
                refusals += shouldCall ? 0 : 1;
                assertThat(made.called()).as(context).isEqualTo(shouldCall);
                assertThat(received()).as(context).isEqualTo(before + (shouldCall ? 1 : 0));
                if (shouldCall) {
                    Map<String, Object> arrived = server.received(call.name()).get(beforeTool).arguments();
                    assertThat(arrived).as(context).isEqualTo(expected.sendable().orElseThrow().arguments());
                    if (outsideServer) {
                        String wire = JsonCodec.strict().write(arrived);
                        for (String sensitive : expected.policy().sensitiveArguments()) {
                            Object value = call.arguments().get(sensitive);
                            if (value != null) {
                                assertThat(wire).as(context).doesNotContain(JsonCodec.strict().write(value));
                            }
                        }
                    }
                } else if (!expected.allowed()) {
                    assertThat(made.reasonCodes()).as(context).isEqualTo(expected.reasonCodes());
                }
                assertThat(made.decision().isAtMostAsPermissiveAs(turn.decision().decision())).as(context).isTrue();
            }
        }
        // The generated cases exercise both sides: calls made and calls refused.
        assertThat(calls).as("calls made, seed " + SEED).isGreaterThan(POLICIES * CALLS_PER_POLICY / 10);
        assertThat(refusals).as("calls refused, seed " + SEED).isGreaterThan(POLICIES * CALLS_PER_POLICY / 10);
    }

    @Test
    void aDiscoveryRunCallsOnlyWhatTheGateAllowsAndNeverRaisesTheDecision() {
        Random random = new Random(SEED + 1);
        for (int p = 0; p < POLICIES; p++) {
            PolicyDocument policy = GEN.policy(random);
            ToolGate gate = source.gate(policy);
            for (int r = 0; r < CALLS_PER_POLICY / 4; r++) {
                String context = "seed " + (SEED + 1) + ", policy " + p + ", run " + r;
                ToolTurn turn = turn(random, policy);
                DiscoveryPlan plan = DiscoveryPlanBuilder.create(discovery.registry()).build(DiscoveryPlanInput
                        .builder().semanticDataNeed("records").turnMeaning(TurnMeaning.builder()
                                .askedDomainFamily("records").build())
                        .proposedPrimitives(subset(random, List.of("p0", "p1", "p2", "p3", "raw_sql"), false))
                        .maxProbeCount((double) (1 + random.nextInt(4))).build());
                int before = received();

                McpDiscoveryRun run = discovery.run(gate, turn, plan, primitive -> ToolFixtures.arguments(random));

                long called = run.probes().stream().filter(probe -> probe.call() != null && probe.call().called())
                        .count();
                assertThat(received()).as(context).isEqualTo(before + (int) called);
                assertThat(called).as(context).isLessThanOrEqualTo(plan.executionBudget().maxProbeCount());
                Decision decision = turn.decision().decision();
                for (McpProbe probe : run.probes()) {
                    if (probe.call() != null) {
                        assertThat(probe.call().decision().isAtMostAsPermissiveAs(decision)).as(context).isTrue();
                        decision = decision.mostRestrictive(probe.call().decision());
                        if (probe.call().called()) {
                            assertThat(probe.call().check().allowed()).as(context).isTrue();
                        }
                    }
                }
                assertThat(run.decision()).as(context).isEqualTo(decision);
                assertThat(run.decision().isAtMostAsPermissiveAs(turn.decision().decision())).as(context).isTrue();
            }
        }
    }
}
