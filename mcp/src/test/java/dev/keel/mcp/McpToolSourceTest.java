package dev.keel.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.ConfigurationException;
import dev.keel.core.Decision;
import dev.keel.core.InvalidInputException;
import dev.keel.core.NonRetriableBackendException;
import dev.keel.core.RetriableBackendException;
import dev.keel.core.content.Part;
import dev.keel.policy.ToolGate;
import dev.keel.policy.ToolPlacement;
import dev.keel.policy.ToolTurn;
import dev.keel.reading.OutboundFilter;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The tool source against real MCP servers on 127.0.0.1: the tools listed as specs with their server's placement,
 * calls round trip as plain JSON, the stricter placement wins, and a server that fails, times out or is gone is a
 * failed call (an exception only from the plain {@code execute}).
 */
class McpToolSourceTest {

    private static House house;

    @BeforeAll
    static void start() {
        house = new House();
    }

    @AfterAll
    static void stop() {
        house.close();
    }

    @Test
    void theServersToolsAreListedAsSpecsWithTheirServersPlacement() {
        assertThat(house.source.tools()).extracting(McpTool::name).containsExactly("ledger_lookup", "payroll_report",
                "ledger_notes", "fx_rates", "fx_history", "fx_slow", "fx_broken");
        McpTool lookup = house.source.tool("ledger_lookup").orElseThrow();
        assertThat(lookup.description()).isEqualTo("Balances of one account.");
        assertThat(lookup.inputSchema()).containsEntry("type", "object");
        assertThat(lookup.server()).isEqualTo("ledger");
        assertThat(lookup.placement()).isEqualTo(ToolPlacement.INTERNAL);
        assertThat(house.source.tool("fx_rates").orElseThrow().placement()).isEqualTo(ToolPlacement.EXTERNAL);
        assertThat(house.source.tool("wire_transfer")).isEmpty();
    }

    @Test
    void aCallRoundTripsStructuredContentAsAMapAndTextAsAString() {
        Object structured = house.source.execute("ledger_lookup", Map.of("account", "AC-7781"));
        assertThat(structured).isEqualTo(Map.of("account", "AC-7781", "balance", 1200, "rows_received", 3,
                "rows_matched", 2));
        assertThat(house.source.execute("ledger_notes", Map.of())).isEqualTo("reconciled on Monday");
        assertThat(house.ledger.received("ledger_lookup")).anySatisfy(r ->
                assertThat(r.arguments()).isEqualTo(Map.of("account", "AC-7781")));
    }

    @Test
    void aPlainCallOfAToolNoServerServesIsBadInput() {
        assertThatThrownBy(() -> house.source.execute("wire_transfer", Map.of()))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("wire_transfer");
    }

    @Test
    void aToolErrorIsAFailedCallAndThePlainCallThrowsWithoutTheServersText() {
        ToolTurn turn = House.turn("clerk", "internal", List.of(), false);
        McpToolCall call = house.source.call(house.source.gate(House.POLICY), turn,
                Part.ToolCall.of("c1", "fx_broken", Map.of("pair", "EURUSD")));

        assertThat(call.outcome()).isEqualTo(McpToolCall.Outcome.FAILED);
        assertThat(call.reasonCodes().values()).containsExactly(McpToolSource.TOOL_ERROR);
        assertThat(call.result().result()).isEqualTo(Map.of("error", "mcp_tool_error"));
        assertThat(call.decision()).isEqualTo(turn.decision().decision());
        assertThatThrownBy(() -> house.source.execute("fx_broken", Map.of()))
                .isInstanceOf(NonRetriableBackendException.class)
                .hasMessageContaining("fx_broken").hasMessageNotContaining("AC-7781");
    }

    @Test
    void aServerThatDoesNotAnswerInTimeIsAFailedCall() {
        // The host's own client, with a short request timeout: the slow tool answers only when the house closes.
        McpSyncClient client = McpClient.sync(House.transport(house.markets)).requestTimeout(Duration.ofSeconds(1))
                .initializationTimeout(Duration.ofSeconds(30)).build();
        try (McpToolSource impatient = McpServers.builder().server("markets", ToolPlacement.EXTERNAL, client).build()) {
            McpToolCall call = impatient.call(impatient.gate(House.POLICY),
                    House.turn("clerk", "internal", List.of(), false),
                    Part.ToolCall.of("c1", "fx_slow", Map.of()));

            assertThat(call.outcome()).isEqualTo(McpToolCall.Outcome.FAILED);
            assertThat(call.reasonCodes().values()).containsExactly(McpToolSource.TIMEOUT);
            assertThatThrownBy(() -> impatient.execute("fx_slow", Map.of()))
                    .isInstanceOf(RetriableBackendException.class);
        } finally {
            client.close();
        }
    }

    @Test
    void aServerThatIsGoneIsAFailedCall() {
        LoopbackMcpServer doomed = LoopbackMcpServer.start("doomed", List.of(LoopbackMcpServer.tool("fx_rates",
                "Rates.", arguments -> LoopbackMcpServer.text("0.92"))));
        try (McpToolSource source = McpServers.builder().requestTimeout(Duration.ofSeconds(10))
                .server("doomed", ToolPlacement.EXTERNAL, House.transport(doomed)).build()) {
            doomed.close();

            McpToolCall call = source.call(source.gate(House.POLICY), House.turn("clerk", "internal", List.of(), false),
                    Part.ToolCall.of("c1", "fx_rates", Map.of()));

            assertThat(call.outcome()).isEqualTo(McpToolCall.Outcome.FAILED);
            assertThat(call.reasonCodes().values()).containsExactly(McpToolSource.UNREACHABLE);
        }
    }

    @Test
    void aServerThatCannotBeReachedFailsTheBuildNamingIt() {
        LoopbackMcpServer gone = LoopbackMcpServer.start("gone", List.of());
        String url = gone.url();
        gone.close();

        assertThatThrownBy(() -> McpServers.builder().requestTimeout(Duration.ofSeconds(10))
                .server("gone", ToolPlacement.INTERNAL,
                        HttpClientStreamableHttpTransport.builder(url).endpoint("/mcp").build())
                .build())
                .isInstanceOf(RetriableBackendException.class).hasMessageContaining("gone");
    }

    @Test
    void twoServersServingOneToolNameAreRefused() {
        assertThatThrownBy(() -> McpServers.builder()
                .server("ledger", ToolPlacement.INTERNAL, House.transport(house.ledger))
                .server("ledger-again", ToolPlacement.INTERNAL, House.transport(house.ledger))
                .build())
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("ledger_lookup");
    }

    @Test
    void anExternalServersToolThePolicyCallsInternalIsExternalInTheSourcesGate() {
        ToolGate gate = house.source.gate(House.POLICY);
        assertThat(gate.tool("fx_history").orElseThrow().external()).isTrue();
        assertThat(House.POLICY.tool("fx_history").orElseThrow().external()).isFalse();
        // The tools the registration does not make stricter stay as the policy says; the policy itself is unchanged.
        assertThat(gate.tool("ledger_lookup").orElseThrow().external()).isFalse();
        assertThat(gate.policy()).isSameAs(House.POLICY);

        int before = house.markets.received("fx_history").size();
        McpToolCall internalOnly = house.source.call(gate, House.turn("clerk", "internal", List.of(), true),
                Part.ToolCall.of("c1", "fx_history", Map.of("pair", "EURUSD")));
        assertThat(internalOnly.reasonCodes().values()).contains("tool_external_internal_only");

        McpToolCall filtered = house.source.call(gate, House.turn("clerk", "internal", List.of(), false),
                Part.ToolCall.of("c2", "fx_history", Map.of("pair", "EURUSD", "amount", 4500)));
        assertThat(filtered.called()).isTrue();
        assertThat(house.markets.received("fx_history")).hasSize(before + 1);
        assertThat(house.markets.received("fx_history").get(before).arguments())
                .containsEntry("amount", "[figure withheld]");
    }

    @Test
    void aGateThatPassesAnExternalServersToolAsInternalIsRefusedBeforeTheServer() {
        int before = house.markets.received("fx_history").size();

        McpToolCall call = house.source.call(ToolGate.create(House.POLICY, OutboundFilter.create(House.POLICY)),
                House.turn("clerk", "internal", List.of(), false),
                Part.ToolCall.of("c1", "fx_history", Map.of("pair", "EURUSD", "amount", 4500)));

        assertThat(call.outcome()).isEqualTo(McpToolCall.Outcome.REFUSED);
        assertThat(call.reasonCodes().values()).containsExactly(McpToolSource.PLACEMENT_CONFLICT);
        assertThat(call.check().decision()).isEqualTo(Decision.DENY);
        assertThat(house.markets.received("fx_history")).hasSize(before);
    }

    @Test
    void aToolListedUnderAnotherSpellingOfThePolicysNameIsMadeExternalToo() {
        LoopbackMcpServer spelled = LoopbackMcpServer.start("spelled", List.of(LoopbackMcpServer.tool("Fx-History",
                "Past rates.", arguments -> LoopbackMcpServer.text("0.91"))));
        try (McpToolSource source = McpServers.builder()
                .server("spelled", ToolPlacement.EXTERNAL, House.transport(spelled)).build()) {
            ToolGate gate = source.gate(House.POLICY);

            assertThat(gate.tool("fx_history").orElseThrow().external()).isTrue();
            McpToolCall call = source.call(gate, House.turn("clerk", "internal", List.of(), true),
                    Part.ToolCall.of("c1", "Fx-History", Map.of()));
            assertThat(call.reasonCodes().values()).contains("tool_external_internal_only");
            assertThat(spelled.received()).isEmpty();
        } finally {
            spelled.close();
        }
    }
}
