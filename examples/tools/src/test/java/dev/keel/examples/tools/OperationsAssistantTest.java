package dev.keel.examples.tools;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.core.content.Part;
import dev.keel.core.io.TextSources;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.ChatRole;
import dev.keel.core.spi.LlmBackend;
import dev.keel.evidence.AnswerPermission;
import dev.keel.mcp.McpProbe;
import dev.keel.pipeline.GovernedAnswer;
import dev.keel.policy.PolicyDocument;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The operations assistant through its public entry point, against its own MCP servers (real SDK servers on
 * 127.0.0.1, whose logs say what reached them) and its replay of recorded replies: each point of the "done
 * when", and the evidence gate allowing or limiting the answer.
 */
class OperationsAssistantTest {

    static final Principal GUEST = Principal.of("guest", "public");
    static final Principal STAFF = Principal.of("staff", "internal");
    static final Principal FINANCE = Principal.of("finance", "confidential");

    static final String TEAM_COST = "What does the operations team cost us this month?";
    static final String TICKETS_IN_EUROS = "What do the open tickets come to in euros?";
    static final String PAYROLL_IN_EUROS = "What is the operations payroll in euros?";

    /** The replay, with every request it was sent kept, so that a test can read what the model was told. */
    static final class KeptRequests implements LlmBackend {
        final List<ChatRequest> requests = new CopyOnWriteArrayList<>();
        private final RecordedModel replay = RecordedModel.shipped();

        @Override
        public ChatReply chat(ChatRequest request) {
            requests.add(request);
            return replay.chat(request);
        }

        @Override
        public String id() {
            return replay.id();
        }
    }

    private static OperationsAssistant assistant;
    private static KeptRequests model;

    @BeforeAll
    static void start() {
        model = new KeptRequests();
        assistant = OperationsAssistant.builder().model(model).build();
    }

    @AfterAll
    static void stop() {
        assistant.close();
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> toolsOf(GovernedAnswer answer) {
        return (List<Map<String, Object>>) answer.provenance().extension("tools");
    }

    static Map<String, Object> toolEntry(GovernedAnswer answer, String tool) {
        return toolsOf(answer).stream().filter(entry -> tool.equals(entry.get("tool"))).findFirst()
                .orElseThrow(() -> new AssertionError("no call of " + tool + " in " + toolsOf(answer)));
    }

    /** The tool results the model was given in its last request. */
    static List<Part.ToolResult> lastToolResults(List<ChatRequest> requests) {
        return requests.get(requests.size() - 1).messages().stream().filter(m -> m.role() == ChatRole.TOOL)
                .flatMap(m -> m.parts().stream()).map(Part.ToolResult.class::cast).toList();
    }

    @Test
    void aGuestsCallOfTheRestrictedPayrollToolIsRefusedWithItsReasonCodeAndTheModelGetsTheRefusal() {
        int payrollCalls = assistant.servers().house().served(OperationsServers.PAYROLL_SUMMARY).size();
        int asked = model.requests.size();

        GovernedAnswer answer = assistant.ask(GUEST, TEAM_COST);

        assertThat(assistant.servers().house().served(OperationsServers.PAYROLL_SUMMARY)).hasSize(payrollCalls);
        List<ChatRequest> requests = model.requests.subList(asked, model.requests.size());
        assertThat(requests).hasSize(2);
        assertThat(lastToolResults(requests)).singleElement().satisfies(result -> {
            assertThat(result.name()).isEqualTo(OperationsServers.PAYROLL_SUMMARY);
            // Every check the call fails: the role, and the offer (the tool's description names the payroll, a
            // domain the guest may not see, so it was not offered).
            assertThat(result.result()).isEqualTo(Map.of("refused", true,
                    "reason_codes", List.of("tool_role_not_allowed", "tool_not_offered")));
        });
        assertThat(toolEntry(answer, OperationsServers.PAYROLL_SUMMARY)).containsEntry("decision", "DENY")
                .containsEntry("reason_codes", List.of("tool_role_not_allowed", "tool_not_offered"));
        assertThat(answer.provenance().reasonCodes().values()).contains("tool_spec_denied");
        assertThat(answer.provenance().reasonCodes().values()).contains("tool_role_not_allowed");
        // The discovery's probe of the payroll is refused too, so nothing confirms an answer: the gate limits it.
        OperationsDiscovery.Outcome discovery = OperationsAssistant.discoveryOf(answer).orElseThrow();
        assertThat(discovery.run().probes()).singleElement().satisfies(probe ->
                assertThat(probe.outcome()).isEqualTo(McpProbe.Outcome.REFUSED));
        assertThat(discovery.evidence().answerPermission()).isEqualTo(AnswerPermission.CHECKED_SOURCES_ONLY);
        assertThat(answer.text()).startsWith("The sources checked do not confirm an answer")
                .contains("aggregate_by_axis: refused (tool_role_not_allowed");
    }

    @Test
    void aRequestMarkedConfidentialNeverCallsTheExternalTool() {
        int marketCalls = assistant.servers().market().served().size();

        GovernedAnswer answer = assistant.ask(STAFF, "Confidential: " + TICKETS_IN_EUROS);

        assertThat(assistant.servers().market().served()).hasSize(marketCalls);
        assertThat(answer.governance().sensitivity().internalOnly()).isTrue();
        assertThat(toolEntry(answer, OperationsServers.EXCHANGE_RATE)).containsEntry("placement", "external")
                .containsEntry("decision", "DENY").containsEntry("reason_codes",
                        List.of("tool_external_internal_only"));
        assertThat(answer.text()).contains("not converted to euros");
    }

    @Test
    void aPayrollResultKeepsTheTurnInsideSoTheExternalToolIsNeverCalledWithAPayrollFigure() {
        int marketCalls = assistant.servers().market().served().size();

        GovernedAnswer answer = assistant.ask(FINANCE, PAYROLL_IN_EUROS);

        assertThat(assistant.servers().market().served()).hasSize(marketCalls);
        assertThat(toolEntry(answer, OperationsServers.PAYROLL_SUMMARY)).containsEntry("decision", "ALLOW");
        assertThat(toolEntry(answer, OperationsServers.EXCHANGE_RATE)).containsEntry("decision", "DENY")
                .containsEntry("reason_codes", List.of("tool_external_internal_only"));
        assertThat(answer.decision()).isEqualTo(Decision.ALLOW);
        assertThat(answer.text()).contains("184250 USD").contains("payroll figures stay inside");
    }

    @Test
    void aPayrollResultOutsideTheStaffRoleLowersAllowToPartialAndTheAnswerWithholdsItsFigures() {
        GovernedAnswer staff = assistant.ask(STAFF, TEAM_COST);
        GovernedAnswer finance = assistant.ask(FINANCE, TEAM_COST);

        assertThat(staff.governance().decision()).isEqualTo(Decision.ALLOW);
        assertThat(staff.decision()).isEqualTo(Decision.PARTIAL);
        assertThat(staff.provenance().reasonCodes().values()).contains("tool_result_lowered");
        assertThat(toolEntry(staff, OperationsServers.PAYROLL_SUMMARY)).containsEntry("decision", "ALLOW")
                .containsEntry("result_domains", List.of("payroll"));
        assertThat(staff.text()).doesNotContain("184250", "15354").contains("[figure withheld]")
                .contains("operations team");
        // Finance may see the payroll: the same reply stands in full.
        assertThat(finance.decision()).isEqualTo(Decision.ALLOW);
        assertThat(finance.text()).contains("184250 USD", "15354 USD");
        assertThat(OperationsAssistant.discoveryOf(finance).orElseThrow().evidence().answerPermission())
                .isEqualTo(AnswerPermission.CONFIRMED_ANSWER);
    }

    @Test
    void theArgumentsTheExternalToolReceivesCarryNoWithheldItem() {
        int before = assistant.servers().market().served().size();

        GovernedAnswer guest = assistant.ask(GUEST, TICKETS_IN_EUROS);
        GovernedAnswer staff = assistant.ask(STAFF, TICKETS_IN_EUROS);

        List<McpHttpServer.Served> served = assistant.servers().market().served();
        assertThat(served).hasSize(before + 2);
        McpHttpServer.Served forGuest = served.get(before);
        McpHttpServer.Served forStaff = served.get(before + 1);
        // The guest's turn is PARTIAL: no figure and no account leaves; the rate alone comes back.
        assertThat(JsonCodec.strict().write(forGuest.arguments())).doesNotContain("3400", "NW-OPS-7781");
        assertThat(forGuest.arguments()).containsEntry("account", "[argument withheld]")
                .containsEntry("amount", "[figure withheld]").containsEntry("from", "USD").containsEntry("to", "EUR");
        // Staff may see the figure, so it is sent; the account is a sensitive argument, withheld whatever the role.
        assertThat(forStaff.arguments()).containsEntry("account", "[argument withheld]")
                .containsEntry("amount", 3400);
        assertThat(toolEntry(guest, OperationsServers.EXCHANGE_RATE)).containsEntry("decision", "ALLOW");
        assertThat(guest.text()).doesNotContain("3400", "3128");
        assertThat(staff.text()).contains("3400 USD", "3128 EUR");
    }

    @Test
    @SuppressWarnings("unchecked")
    void theExternalServersToolIsExternalWhateverThePolicySays() {
        Map<String, Object> tree = JsonCodec.strict().parseObject(TextSources.readResource(
                OperationsData.class.getClassLoader(), "dev/keel/examples/tools/" + OperationsData.POLICY));
        Map<String, Object> tools = new LinkedHashMap<>((Map<String, Object>) tree.get("tools"));
        Map<String, Object> rates = new LinkedHashMap<>(
                (Map<String, Object>) tools.get(OperationsServers.EXCHANGE_RATE));
        rates.put("placement", "internal");
        tools.put(OperationsServers.EXCHANGE_RATE, rates);
        Map<String, Object> misdeclared = new LinkedHashMap<>(tree);
        misdeclared.put("tools", tools);

        try (OperationsAssistant lax = OperationsAssistant.builder()
                .policy(PolicyDocument.fromTree(misdeclared)).build()) {
            GovernedAnswer confidential = lax.ask(STAFF, "Confidential: " + TICKETS_IN_EUROS);
            assertThat(lax.servers().market().served()).isEmpty();
            assertThat(toolEntry(confidential, OperationsServers.EXCHANGE_RATE))
                    .containsEntry("placement", "external").containsEntry("decision", "DENY")
                    .containsEntry("reason_codes", List.of("tool_external_internal_only"));

            GovernedAnswer guest = lax.ask(GUEST, TICKETS_IN_EUROS);
            assertThat(lax.servers().market().served()).singleElement().satisfies(sent -> {
                assertThat(JsonCodec.strict().write(sent.arguments())).doesNotContain("3400", "NW-OPS-7781");
                assertThat(sent.arguments()).containsEntry("amount", "[figure withheld]");
            });
            assertThat(toolEntry(guest, OperationsServers.EXCHANGE_RATE)).containsEntry("placement", "external");
        }
    }

    @Test
    void theProvenanceSaysTheModelIsAReplayOfRecordedReplies() {
        GovernedAnswer answer;
        try (OperationsAssistant shipped = OperationsAssistant.builder().build()) {
            answer = shipped.ask(STAFF, "Which tickets are open?");
        }

        assertThat(answer.provenance().backendUsed()).isEqualTo(RecordedModel.ID);
        assertThat(answer.provenance().extension("model")).isEqualTo(Map.of("replay", true,
                "backend", RecordedModel.ID, "model", RecordedModel.MODEL, "recording", "open_tickets"));
        assertThat(answer.text()).contains("T-1042", "1200 USD");
    }
}
