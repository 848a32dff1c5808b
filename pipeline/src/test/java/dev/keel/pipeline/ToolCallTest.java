package dev.keel.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.core.content.Part;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.AuditRecord;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.ChatRole;
import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.core.spi.StreamHandle;
import dev.keel.core.spi.ToolSpec;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.ToolPlacement;
import dev.keel.policy.ToolPolicy;
import dev.keel.test.core.Reply;
import dev.keel.test.core.ScriptedBackend;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Tool calls through the governed call: every call the model asks for passes the policy's tool gate, a refusal goes
 * back to the model as the tool's result with its reason codes, an allowed call runs with the arguments as the gate
 * lets them leave, a result lowers the turn's decision when its domains require it, and every call and refusal is in
 * the provenance and the audit record.
 */
class ToolCallTest {

    static final Principal PLANNER = Principal.of("planner", "secret");
    static final Principal AUDITOR = Principal.of("auditor", "secret");
    static final Principal GUEST = Principal.of("guest", "secret");

    /** The fixture's policy with three tools: the crew roster (in the house, planners only), a budget ledger, market rates (outside). */
    static PolicyDocument policy() {
        return Fixtures.policyBuilder()
                .tool("crew_roster", ToolPolicy.of(List.of("planner"), List.of("crew_records"), ToolPlacement.INTERNAL))
                .tool("budget_ledger", ToolPolicy.of(List.of("planner", "auditor"), List.of("budget_envelopes"),
                        ToolPlacement.INTERNAL))
                .tool("market_rates", ToolPolicy.of(List.of("planner", "auditor", "guest"), List.of("summaries"),
                        ToolPlacement.EXTERNAL).withSensitiveArguments(List.of("account")))
                .build();
    }

    /** A tool that keeps the calls it ran and answers {@code result}. */
    static final class RecordingTool implements ToolExecutor {
        final List<Part.ToolCall> calls = new ArrayList<>();
        private final Object result;

        RecordingTool(Object result) {
            this.result = result;
        }

        @Override
        public synchronized Object execute(Part.ToolCall call) {
            calls.add(call);
            return result;
        }
    }

    private final InMemoryAuditSink audit = new InMemoryAuditSink();

    private Pipeline pipeline(ScriptedBackend internal, ScriptedBackend external) {
        return Pipeline.builder().policy(policy()).routing(Fixtures.routingTable())
                .backends(Backends.builder().internal("internal_chatgpt", internal)
                        .external("llama", external).external("deepseek", external).build())
                .reasoning(SingleCallReasoning.userMessage()).auditSink(audit).build();
    }

    private Pipeline pipeline(ScriptedBackend model) {
        return pipeline(model, model);
    }

    private static Tools tools(RecordingTool roster, RecordingTool ledger, RecordingTool rates) {
        return Tools.builder()
                .tool(ToolSpec.of("crew_roster", "Who serves on a boat."), roster)
                .tool(ToolSpec.of("budget_ledger", "The budget envelope of a year."), ledger)
                .tool(ToolSpec.of("market_rates", "Market prices of parts."), rates)
                .build();
    }

    private static Part.ToolCall call(String id, String tool, Map<String, Object> arguments) {
        return Part.ToolCall.of(id, tool, arguments);
    }

    /** The tool results the model was given in {@code request}, in order. */
    private static List<Part.ToolResult> results(ChatRequest request) {
        return request.messages().stream().filter(message -> message.role() == ChatRole.TOOL)
                .flatMap(message -> message.parts().stream()).map(Part.ToolResult.class::cast).toList();
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> toolsOf(GovernedAnswer answer) {
        return (List<Map<String, Object>>) answer.provenance().extension("tools");
    }

    @SuppressWarnings("unchecked")
    private List<Map<String, Object>> auditedTools() {
        AuditRecord record = audit.records().get(audit.records().size() - 1);
        return (List<Map<String, Object>>) record.payload().get("tools");
    }

    @Test
    void aGuestsCallOfARestrictedToolIsRefusedWithItsReasonCodeTheModelGetsTheRefusalAndTheTurnGoesOn() {
        ScriptedBackend model = ScriptedBackend.named("model").then(
                Reply.toolCalls(call("c1", "crew_roster", Map.of("boat", "Ash"))),
                Reply.text("I cannot see the crew; here is a summary."));
        RecordingTool roster = new RecordingTool(Map.of("crew", List.of("Ann Reed")));

        GovernedAnswer answer = pipeline(model).call(GovernedRequest.builder().principal(GUEST)
                .message("Give a summary of the crew").tools(tools(roster, new RecordingTool(""),
                        new RecordingTool(""))).build());

        assertThat(roster.calls).isEmpty();
        assertThat(model.requests()).hasSize(2);
        assertThat(model.requests().get(0).tools()).extracting(ToolSpec::name)
                .containsExactly("crew_roster", "budget_ledger", "market_rates");
        List<Part.ToolResult> given = results(model.requests().get(1));
        assertThat(given).hasSize(1);
        assertThat(given.get(0).callId()).isEqualTo("c1");
        assertThat(given.get(0).result()).isEqualTo(Map.of("refused", true,
                "reason_codes", List.of("tool_role_not_allowed")));
        assertThat(answer.outcome()).isEqualTo(TurnOutcome.ANSWERED);
        assertThat(answer.text()).isEqualTo("I cannot see the crew; here is a summary.");
        assertThat(answer.provenance().reasonCodes().values()).contains("tool_role_not_allowed");
        assertThat(toolsOf(answer)).singleElement().satisfies(entry -> {
            assertThat(entry).containsEntry("tool", "crew_roster").containsEntry("decision", "DENY")
                    .containsEntry("reason_codes", List.of("tool_role_not_allowed")).containsEntry("result", null);
        });
    }

    @Test
    void anInternalOnlyRequestNeverCallsTheExternalTool() {
        ScriptedBackend internal = ScriptedBackend.named("internal").then(
                Reply.toolCalls(call("c1", "market_rates", Map.of("part", "hull plate"))),
                Reply.text("Prices are not available for this request."));
        ScriptedBackend external = ScriptedBackend.named("external");
        RecordingTool rates = new RecordingTool(Map.of("price", 120));

        GovernedAnswer answer = pipeline(internal, external).call(GovernedRequest.builder().principal(PLANNER)
                .message("top secret: what do hull plates cost?").tools(tools(new RecordingTool(""),
                        new RecordingTool(""), rates)).build());

        assertThat(rates.calls).isEmpty();
        assertThat(external.requests()).isEmpty();
        assertThat(results(internal.requests().get(1))).singleElement().satisfies(result -> assertThat(
                result.result()).isEqualTo(Map.of("refused", true, "reason_codes",
                List.of("tool_external_internal_only"))));
        assertThat(toolsOf(answer)).singleElement().satisfies(entry -> assertThat(entry)
                .containsEntry("placement", "external").containsEntry("decision", "DENY"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void aResultInADomainOutsideTheRolesLowersAllowToPartialAndTheAnswerWithholdsItsFiguresCalledAndStreamed() {
        RecordingTool ledger = new RecordingTool(Map.of("envelope", 4500));
        ScriptedBackend model = ScriptedBackend.named("model").otherwise(Reply.text("unused"));
        Reply asks = Reply.toolCalls(call("c1", "budget_ledger", Map.of("year", 2027)));
        Reply answers = Reply.chunks("The envelope is 4", "500 for the next year.");
        GovernedRequest request = GovernedRequest.builder().principal(AUDITOR).message("Show the provenance of the plan")
                .tools(tools(new RecordingTool(""), ledger, new RecordingTool(""))).build();

        GovernedAnswer called = pipeline(ScriptedBackend.named("model").then(asks, answers)).call(request);
        RecordingSink sink = new RecordingSink();
        pipeline(ScriptedBackend.named("model").then(asks, answers)).stream(request, sink, StreamHandle.create());

        assertThat(ledger.calls).hasSize(2);
        assertThat(called.governance().decision()).isEqualTo(Decision.ALLOW);
        assertThat(called.decision()).isEqualTo(Decision.PARTIAL);
        assertThat(called.text()).isEqualTo("The envelope is [figure withheld] for the next year.");
        assertThat(called.provenance().reasonCodes().values()).contains("tool_result_lowered");
        assertThat(toolsOf(called)).singleElement().satisfies(entry -> {
            assertThat(entry).containsEntry("decision", "ALLOW").containsEntry("result_domains",
                    List.of("budget_envelopes"));
            assertThat((Map<String, Object>) entry.get("result")).containsEntry("decision", "PARTIAL");
        });
        assertThat(sink.answer()).isNotNull();
        assertThat(sink.joined()).isEqualTo(called.text());
        assertThat(sink.answer().decision()).isEqualTo(Decision.PARTIAL);
        assertThat(model.requests()).isEmpty();
    }

    @Test
    @SuppressWarnings("unchecked")
    void theArgumentsTheExternalToolReceivesCarryNoWithheldItem() {
        RecordingTool rates = new RecordingTool(Map.of("price", "on request"));
        ScriptedBackend model = ScriptedBackend.named("model").then(
                Reply.toolCalls(call("c1", "market_rates", Map.of("account", "Ash Holdings AC-7781",
                        "quantity", 4500, "hull", "HMS-123", "token", "sk-live0123456789abcdefXYZ",
                        "part", "hull plate"))),
                Reply.text("Prices are on request."));

        pipeline(model).call(GovernedRequest.builder().principal(GUEST).message("Give a summary of part prices")
                .tools(tools(new RecordingTool(""), new RecordingTool(""), rates)).build());

        assertThat(rates.calls).singleElement().satisfies(sent -> {
            String arguments = JsonCodec.strict().write(sent.arguments());
            assertThat(arguments).doesNotContain("Ash Holdings", "AC-7781", "4500", "HMS-123", "sk-live");
            assertThat(sent.arguments()).containsEntry("account", "[argument withheld]")
                    .containsEntry("quantity", "[figure withheld]").containsEntry("part", "hull plate");
        });
        assertThat(auditedTools()).singleElement().satisfies(entry -> assertThat((Map<String, Object>) entry.get("withheld"))
                .containsKey("sensitive_argument"));
    }

    @Test
    void anUnknownToolIsRefusedAndAToolThePolicyListsButTheRequestDoesNotOfferIsRefusedToo() {
        ScriptedBackend model = ScriptedBackend.named("model").then(
                Reply.toolCalls(call("c1", "launch_drone", Map.of()), call("c2", "crew_roster", Map.of())),
                Reply.text("Done."));
        RecordingTool ledger = new RecordingTool("");

        GovernedAnswer answer = pipeline(model).call(GovernedRequest.builder().principal(PLANNER)
                .message("Give a summary").tools(Tools.builder().tool(ToolSpec.of("budget_ledger", ""), ledger)
                        .build()).build());

        assertThat(results(model.requests().get(1))).extracting(Part.ToolResult::result).containsExactly(
                Map.of("refused", true, "reason_codes", List.of("tool_unknown")),
                Map.of("refused", true, "reason_codes", List.of("tool_not_offered")));
        assertThat(toolsOf(answer)).extracting(entry -> entry.get("reason_codes"))
                .containsExactly(List.of("tool_unknown"), List.of("tool_not_offered"));
        assertThat(ledger.calls).isEmpty();
    }

    @Test
    void afterTheRoundLimitTheCallsAreRefusedAndTheModelIsAskedWithoutTools() {
        Reply asks = Reply.toolCalls(call("c", "budget_ledger", Map.of()));
        ScriptedBackend model = ScriptedBackend.named("model").then(asks, asks, asks, Reply.text("The envelope."));
        RecordingTool ledger = new RecordingTool(Map.of("envelope", "set"));

        GovernedAnswer answer = pipeline(model).call(GovernedRequest.builder().principal(PLANNER)
                .message("Give a summary of the budget").tools(Tools.builder()
                        .tool(ToolSpec.of("budget_ledger", ""), ledger).maxRounds(2).build()).build());

        assertThat(ledger.calls).hasSize(2);
        assertThat(model.requests()).hasSize(4);
        assertThat(model.requests().subList(0, 3)).allSatisfy(request -> assertThat(request.tools()).hasSize(1));
        assertThat(model.requests().get(3).tools()).isEmpty();
        assertThat(results(model.requests().get(3))).last().satisfies(result -> assertThat(result.result())
                .isEqualTo(Map.of("refused", true, "reason_codes", List.of("tool_round_limit"))));
        assertThat(answer.outcome()).isEqualTo(TurnOutcome.ANSWERED);
        assertThat(answer.text()).isEqualTo("The envelope.");
        assertThat(answer.provenance().reasonCodes().values()).contains("tool_round_limit");
        assertThat(answer.provenance().extension("llm_calls")).isEqualTo(4);
    }

    @Test
    void theAuditRecordAndTheProvenanceListEveryCallAndRefusalInOrder() {
        ScriptedBackend model = ScriptedBackend.named("model").then(
                Reply.toolCalls(call("c1", "budget_ledger", Map.of()), call("c2", "crew_roster", Map.of())),
                Reply.toolCalls(call("c3", "market_rates", Map.of("part", "keel"))),
                Reply.text("Summary written."));
        RecordingTool rates = new RecordingTool(Map.of("price", "stable"));

        GovernedAnswer answer = pipeline(model).call(GovernedRequest.builder().principal(AUDITOR)
                .message("Show the provenance").tools(tools(new RecordingTool(""),
                        new RecordingTool(Map.of("envelope", "kept")), rates)).build());

        List<Map<String, Object>> audited = auditedTools();
        assertThat(audited).extracting(entry -> entry.get("call_id")).containsExactly("c1", "c2", "c3");
        assertThat(audited).extracting(entry -> entry.get("decision")).containsExactly("ALLOW", "DENY", "ALLOW");
        assertThat(audited.get(1)).containsEntry("reason_codes", List.of("tool_role_not_allowed"));
        assertThat(toolsOf(answer)).extracting(entry -> entry.get("tool"))
                .containsExactly("budget_ledger", "crew_roster", "market_rates");
        assertThat(audited).allSatisfy(entry -> assertThat(entry).doesNotContainKey("arguments"));
        assertThat(rates.calls).hasSize(1);
        // Each round repeats the model's calls and gives every result, in order.
        List<ChatMessage> last = model.requests().get(2).messages();
        assertThat(last).extracting(ChatMessage::role).containsSubsequence(ChatRole.ASSISTANT, ChatRole.TOOL,
                ChatRole.TOOL, ChatRole.ASSISTANT, ChatRole.TOOL);
    }

    @Test
    void aResultLabelledInternalOnlyKeepsTheRestOfTheTurnInTheHouse() {
        String message = Fixtures.externallyRouted(PLANNER, "Give a summary of the crew ");
        ScriptedBackend internal = ScriptedBackend.named("internal").then(Reply.text("Crew summary."));
        ScriptedBackend external = ScriptedBackend.named("external").then(
                Reply.toolCalls(call("c1", "crew_roster", Map.of("boat", "Ash"))));
        RecordingTool roster = new RecordingTool(Map.of("crew", List.of("Ann Reed")));

        GovernedAnswer answer = pipeline(internal, external).call(GovernedRequest.builder().principal(PLANNER)
                .message(message).tools(tools(roster, new RecordingTool(""), new RecordingTool(""))).build());

        assertThat(roster.calls).hasSize(1);
        assertThat(external.requests()).hasSize(1);
        assertThat(internal.requests()).hasSize(1);
        assertThat(results(internal.requests().get(0))).singleElement().satisfies(result -> assertThat(
                result.labels().internalOnly()).isTrue());
        assertThat(answer.text()).isEqualTo("Crew summary.");
        assertThat(answer.provenance().reasonCodes().values()).contains("internal_only_by_tool");
        assertThat(answer.provenance().extension("internal_only_rules")).isNotNull();
    }
}
