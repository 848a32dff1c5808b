package dev.keel.pipeline.internal;

import dev.keel.core.Decision;
import dev.keel.core.ReasonCodes;
import dev.keel.core.content.Part;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRequest;
import dev.keel.pipeline.BackendReply;
import dev.keel.pipeline.ToolExecutor;
import dev.keel.pipeline.Tools;
import dev.keel.policy.FilteredPart;
import dev.keel.policy.FilteredText;
import dev.keel.policy.OutboundFilter;
import dev.keel.policy.PartialKinds;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.Redaction;
import dev.keel.policy.SensitivityAssessor;
import dev.keel.policy.SensitivityDecision;
import dev.keel.policy.ToolCallVerdict;
import dev.keel.policy.ToolGate;
import dev.keel.policy.ToolResultVerdict;
import dev.keel.policy.ToolTurn;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The tool loop of one turn ({@code docs/governed-call.md}, "Tool calls"): while the model asks for tool calls and
 * the request offers tools, each call passes the policy's {@link ToolGate}; a refused call is answered with a
 * refusal carrying its reason codes; an allowed one is run by the request's {@link Tools} with the arguments as the
 * gate lets them be sent, and its result, labelled by the gate, lowers the turn's decision (and makes it internal
 * only) when the tool's domains require it. After {@link Tools#maxRounds()} rounds the calls are refused
 * ({@value #ROUND_LIMIT}) and the model is asked without tools. Every call is recorded for the provenance and the
 * audit record. Thread-safe: the record is synchronized; one loop runs at a time per call of the turn's backends.
 */
final class ToolRounds {

    /** The model called a tool the request does not offer (the policy allows it, the host gave no executor). */
    static final String NOT_OFFERED = "tool_not_offered";
    /** The tool's executor failed. */
    static final String FAILED = "tool_failed";
    /** The turn took as many rounds of tool calls as the request allows. */
    static final String ROUND_LIMIT = "tool_round_limit";
    /** The result was labelled DENY (a domain the caller may not see): the model is not given it. */
    static final String RESULT_WITHHELD = "tool_result_withheld";
    /** A tool's result made the turn internal only. */
    static final String INTERNAL_ONLY_BY_TOOL = "internal_only_by_tool";

    private final TurnState turn;
    private final PolicyDocument policy;
    private final SensitivityAssessor sensitivity;
    private final ToolGate gate;
    private final List<Map<String, Object>> record = new ArrayList<>();

    ToolRounds(TurnState turn, PolicyDocument policy, OutboundFilter egress, SensitivityAssessor sensitivity) {
        this.turn = turn;
        this.policy = policy;
        this.sensitivity = sensitivity;
        this.gate = ToolGate.create(policy, new TurnEgress(egress, turn));
    }

    /**
     * The reply to {@code request} once the model answers without a tool call: {@code send} sends each round's
     * request through the turn's governed backends. A request that offers no tool is sent once.
     */
    BackendReply run(ChatRequest request, Function<ChatRequest, BackendReply> send) {
        ChatRequest current = request;
        Tools tools = turn.request().tools();
        for (int round = 1; ; round++) {
            BackendReply reply = send.apply(current);
            List<Part.ToolCall> calls = reply.reply().toolCalls();
            if (calls.isEmpty() || current.tools().isEmpty()) {
                return reply;
            }
            boolean limit = round > tools.maxRounds();
            List<ChatMessage> messages = new ArrayList<>(current.messages());
            messages.add(ChatMessage.toolCalls(reply.text(), calls));
            for (Part.ToolCall call : calls) {
                messages.add(ChatMessage.toolResult(limit ? refusedAtLimit(call) : answer(call, tools)));
            }
            ChatRequest.Builder next = current.toBuilder().messages(messages);
            if (limit) {
                // The model has had its rounds: it is asked for its answer with no tool to call.
                turn.reasonCode(ROUND_LIMIT);
                turn.trace("tools", "round limit " + tools.maxRounds() + " reached: " + calls.size()
                        + " call(s) refused, the model asked without tools", Map.of("max_rounds", tools.maxRounds()));
                next.tools(List.of());
            }
            current = next.build();
        }
    }

    /** What the model is given for {@code call}: a refusal, the tool's failure, or the labelled result. */
    private Part.ToolResult answer(Part.ToolCall call, Tools tools) {
        ToolCallVerdict verdict = gate.check(toolTurn(), call);
        Optional<ToolExecutor> executor = tools.executor(call.name());
        if (!verdict.allowed()) {
            return refused(call, verdict, verdict.reasonCodes(), null);
        }
        if (executor.isEmpty()) {
            return refused(call, verdict, ReasonCodes.of(NOT_OFFERED), null);
        }
        Part.ToolCall sendable = verdict.sendable().orElseThrow();
        Object raw;
        try {
            raw = executor.get().execute(sendable);
        } catch (RuntimeException failure) {
            // The tool's own text may carry anything: the model and the record get the code alone.
            recorded(call, Decision.ALLOW, verdict, ReasonCodes.of(FAILED), null);
            turn.reasonCode(FAILED);
            return Part.ToolResult.of(call.id(), call.name(), Map.of("failed", true, "reason_codes", List.of(FAILED)));
        }
        ToolTurn before = toolTurn();
        ToolResultVerdict result = gate.result(before, Part.ToolResult.of(call.id(), call.name(), raw));
        if (result.decision() == Decision.DENY) {
            return refused(call, verdict, ReasonCodes.builder().addAll(result.reasonCodes()).add(RESULT_WITHHELD)
                    .build(), result);
        }
        apply(result);
        recorded(call, Decision.ALLOW, verdict, verdict.reasonCodes(), result);
        return result.result();
    }

    /** The turn after {@code result}: its decision never higher, its domains and sensitivity the tool's too. */
    private void apply(ToolResultVerdict result) {
        Decision before = turn.decision();
        turn.addDomains(result.labels().domains());
        turn.lowerDecision(result.decision());
        if (turn.decision() != before) {
            turn.reasonCode(ToolResultVerdict.LOWERED);
            turn.trace("tools", turn.decision().wireName() + " after " + result.tool() + "'s result (lowered from "
                    + before.wireName() + ")", Map.of("decision", turn.decision().wireName(),
                    "result_domains", List.copyOf(result.labels().domains())));
        }
        if (result.labels().internalOnly()) {
            SensitivityDecision byTool = sensitivity.assess(List.of(), result.labels().domains(), null);
            if (turn.raiseSensitivity(new SensitivityDecision(true, byTool.rules(),
                    byTool.reasonCodes().concat(ReasonCodes.of(INTERNAL_ONLY_BY_TOOL))))) {
                turn.trace("sensitivity", "internal only by a tool's result: " + turn.sensitivity().rules(),
                        turn.sensitivity().toWire());
            }
        }
    }

    private Part.ToolResult refusedAtLimit(Part.ToolCall call) {
        ToolCallVerdict limit = new ToolCallVerdict(call.name(), Decision.DENY, ReasonCodes.of(ROUND_LIMIT),
                policy.tool(call.name()).orElse(null), null, List.of());
        return refused(call, limit, limit.reasonCodes(), null);
    }

    /** A refusal the model is given as the tool's result, with its reason codes; the turn goes on. */
    private Part.ToolResult refused(Part.ToolCall call, ToolCallVerdict verdict, ReasonCodes codes,
                                    @Nullable ToolResultVerdict result) {
        recorded(call, Decision.DENY, verdict, codes, result);
        codes.values().forEach(turn::reasonCode);
        turn.trace("tools", call.name() + " refused " + codes.values(), Map.of("reason_codes", codes.values()));
        return Part.ToolResult.of(call.id(), call.name(), Map.of("refused", true, "reason_codes", codes.values()));
    }

    /**
     * The turn as the gate sees it now: governance's decision (the turn's current one, which history, evidence and
     * earlier tools may have lowered, is applied by {@link TurnEgress} and by {@link #apply}), the domains so far,
     * internal only.
     */
    private ToolTurn toolTurn() {
        return new ToolTurn(turn.principal().orElse(null), turn.governance().policyDecision(),
                List.copyOf(turn.labels().domains()), turn.sensitivity().internalOnly());
    }

    /** Records {@code call}: made ({@code ALLOW}) or refused ({@code DENY}), with {@code codes}. */
    private synchronized void recorded(Part.ToolCall call, Decision decision, ToolCallVerdict verdict,
                                       ReasonCodes codes, @Nullable ToolResultVerdict result) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("tool", call.name());
        entry.put("call_id", call.id());
        entry.put("placement", verdict.policy() == null ? null : verdict.policy().placement().wireName());
        entry.put("decision", decision.wireName());
        entry.put("reason_codes", codes.values());
        entry.put("result_domains", verdict.resultDomains());
        Map<String, Integer> withheld = new TreeMap<>();
        for (Redaction redaction : verdict.redactions()) {
            withheld.merge(redaction.kind(), 1, Integer::sum);
        }
        entry.put("withheld", withheld);
        entry.put("result", result == null ? null : result.toWire());
        record.add(entry);
    }

    /**
     * Every call the model asked for, in order: the tool, the gate's decision and reason codes, what the egress
     * filter withheld from the arguments by kind, and the result's verdict; never the arguments or the result.
     */
    synchronized List<Map<String, Object>> record() {
        return List.copyOf(record);
    }

    /**
     * The pipeline's egress filter under the turn's current decision and what its PARTIAL withholds: the gate filters
     * an external tool's arguments under the decision of the {@link ToolTurn}, governance's, which the turn's may be
     * lower than; the lower wins.
     */
    private record TurnEgress(OutboundFilter filter, TurnState turn) implements OutboundFilter {

        @Override
        public FilteredText apply(Decision decision, String text) {
            return filter.apply(decision.mostRestrictive(turn.decision()), turn.partialKinds(), text);
        }

        @Override
        public FilteredText apply(Decision decision, PartialKinds ignored, String text) {
            return apply(decision, text);
        }

        @Override
        public FilteredPart apply(Decision decision, PartialKinds ignored, Part part) {
            return filter.apply(decision.mostRestrictive(turn.decision()), turn.partialKinds(), part);
        }

        @Override
        public FilteredPart apply(Decision decision, Part part) {
            return apply(decision, PartialKinds.defaults(), part);
        }
    }
}
