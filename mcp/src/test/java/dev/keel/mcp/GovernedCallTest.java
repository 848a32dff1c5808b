package dev.keel.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.Decision;
import dev.keel.core.content.Part;
import dev.keel.core.json.JsonCodec;
import dev.keel.policy.ToolFixtures;
import dev.keel.policy.ToolGate;
import dev.keel.policy.ToolTurn;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Governed calls of MCP tools against real MCP servers: the gate decides before the server is reached, an external
 * server receives only what the egress filter lets out, and the result comes back labelled with the decision taken
 * again.
 */
class GovernedCallTest {

    private static House house;
    private static ToolGate gate;

    @BeforeAll
    static void start() {
        house = new House();
        gate = house.source.gate(House.POLICY);
    }

    @AfterAll
    static void stop() {
        house.close();
    }

    @Test
    void aGuestsCallOfTheRestrictedToolIsRefusedWithItsReasonCodeAndNeverReachesTheServer() {
        int before = house.ledger.received("payroll_report").size();

        McpToolCall call = house.source.call(gate, House.turn("guest", "public", List.of(), false),
                Part.ToolCall.of("c1", "payroll_report", Map.of("team", "treasury")));

        assertThat(call.outcome()).isEqualTo(McpToolCall.Outcome.REFUSED);
        assertThat(call.reasonCodes().values()).contains("tool_role_not_allowed");
        assertThat(call.check().decision()).isEqualTo(Decision.DENY);
        assertThat(call.result().callId()).isEqualTo("c1");
        assertThat(call.result().result()).isEqualTo(Map.of("refused", true,
                "reason_codes", call.check().reasonCodes().values()));
        assertThat(call.verdict()).isNull();
        assertThat(house.ledger.received("payroll_report")).hasSize(before);
    }

    @Test
    void theRestrictedToolAnswersItsCallerAndItsResultIsLabelledInternalOnly() {
        McpToolCall call = house.source.call(gate, House.turn("analyst", "secret", List.of(), false),
                Part.ToolCall.of("c1", "payroll_report", Map.of("team", "treasury")));

        assertThat(call.called()).isTrue();
        assertThat(call.result().labels().domains()).containsExactly("payroll");
        assertThat(call.result().labels().internalOnly()).isTrue();
        assertThat(call.result().result()).isInstanceOf(Map.class);
    }

    @Test
    void anInternalOnlyRequestNeverCallsTheExternalTool() {
        int before = house.markets.received().size();

        for (String role : List.of("analyst", "clerk", "guest")) {
            String clearance = role.equals("guest") ? "public" : "internal";
            for (String tool : List.of("fx_rates", "fx_history", "fx_slow", "fx_broken")) {
                McpToolCall call = house.source.call(gate, House.turn(role, clearance, List.of(), true),
                        Part.ToolCall.of("c1", tool, Map.of("pair", "EURUSD")));

                assertThat(call.outcome()).as(role + " " + tool).isEqualTo(McpToolCall.Outcome.REFUSED);
                assertThat(call.reasonCodes().values()).as(role + " " + tool).contains("tool_external_internal_only");
            }
        }
        assertThat(house.markets.received()).hasSize(before);
    }

    @Test
    void aTurnThatReadAnInternalOnlyResultIsInternalOnlyAndCallsNoExternalTool() {
        ToolTurn turn = House.turn("analyst", "secret", List.of("payroll"), true);
        int before = house.markets.received().size();

        McpToolCall call = house.source.call(gate, turn,
                Part.ToolCall.of("c1", "fx_rates", ToolFixtures.fxArguments()));

        assertThat(call.reasonCodes().values()).contains("tool_external_internal_only");
        assertThat(house.markets.received()).hasSize(before);
    }

    @Test
    void theArgumentsTheExternalToolReceivesCarryNoWithheldItem() {
        int before = house.markets.received("fx_rates").size();

        McpToolCall call = house.source.call(gate, House.turn("clerk", "internal", List.of(), false),
                Part.ToolCall.of("c1", "fx_rates", ToolFixtures.fxArguments()));

        assertThat(call.called()).isTrue();
        List<LoopbackMcpServer.Received> received = house.markets.received("fx_rates");
        assertThat(received).hasSize(before + 1);
        Map<String, Object> arrived = received.get(before).arguments();
        assertThat(arrived).isEqualTo(call.check().sendable().orElseThrow().arguments());
        assertThat(arrived).containsEntry("account", "[argument withheld]").containsEntry("currency", "EUR")
                .containsEntry("amount", "[figure withheld]");
        String wire = JsonCodec.strict().write(arrived);
        for (String withheld : List.of("Ash Holdings", "AC-7781", "7781", "4500", "14 March")) {
            assertThat(wire).as("the external server received " + wire).doesNotContain(withheld);
        }
        // What the server echoed back is what left the house, labelled with the tool's domain.
        assertThat(call.result().result()).isInstanceOf(Map.class);
        assertThat(((Map<?, ?>) call.result().result()).get("received")).isEqualTo(arrived);
        assertThat(call.result().labels().domains()).containsExactly("markets");
    }

    @Test
    void anInternalToolReceivesTheArgumentsAsGiven() {
        int before = house.ledger.received("ledger_lookup").size();

        McpToolCall call = house.source.call(gate, House.turn("clerk", "internal", List.of(), false),
                Part.ToolCall.of("c1", "ledger_lookup", Map.of("account", "AC-7781", "amount", 4500)));

        assertThat(call.called()).isTrue();
        assertThat(house.ledger.received("ledger_lookup").get(before).arguments())
                .isEqualTo(Map.of("account", "AC-7781", "amount", 4500));
    }

    @Test
    void aResultOfADomainTheCallerMayNotSeeLowersTheDecision() {
        ToolTurn turn = House.turn("analyst", "secret", List.of(), false);
        assertThat(turn.decision().decision()).isEqualTo(Decision.ALLOW);

        McpToolCall call = house.source.call(gate, turn, Part.ToolCall.of("c1", "fx_rates", Map.of("pair", "EURUSD")));

        assertThat(call.called()).isTrue();
        assertThat(call.decision()).isNotEqualTo(Decision.ALLOW);
        assertThat(call.reasonCodes().values()).contains("tool_result_lowered");
        assertThat(call.result().labels().decision()).isEqualTo(call.decision());
        assertThat(call.toAuditWire()).containsEntry("outcome", "called")
                .containsEntry("decision", call.decision().wireName());
    }

    @Test
    void aToolThePolicyDoesNotListIsRefusedThoughAServerServesIt() {
        int before = house.ledger.received("ledger_notes").size();

        McpToolCall call = house.source.call(gate, House.turn("analyst", "secret", List.of(), false),
                Part.ToolCall.of("c1", "ledger_notes", Map.of()));

        assertThat(call.reasonCodes().values()).containsExactly("tool_unknown");
        assertThat(house.ledger.received("ledger_notes")).hasSize(before);
    }
}
