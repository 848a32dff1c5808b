package dev.keel.pipeline;

import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.core.ReasonCodes;
import dev.keel.core.content.Labels;
import dev.keel.core.content.Part;
import dev.keel.core.json.JsonBudget;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.ChatRole;
import dev.keel.policy.ContentReading;
import dev.keel.policy.FilteredPart;
import dev.keel.policy.PartialKinds;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.Redaction;
import dev.keel.policy.SensitivityAssessor;
import dev.keel.policy.SensitivityDecision;
import dev.keel.policy.ToolCallVerdict;
import dev.keel.policy.ToolGate;
import dev.keel.policy.ToolResultVerdict;
import dev.keel.policy.ToolTurn;
import dev.keel.reading.FilteredText;
import dev.keel.reading.OutboundFilter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The tool loop of one turn ({@code docs/governed-call.md}, "Tool calls"): while the model asks for tool calls and
 * the request offers tools, each call passes the policy's {@link ToolGate}, which places each tool at the stricter of
 * the policy's placement and the host's ({@link Tools#placements()}); a refused call is answered with a
 * refusal carrying its reason codes; an allowed one is run by the request's {@link Tools} with the arguments as the
 * gate lets them be sent, and its result, labelled by the gate and read like any other part (the domains and
 * markings of its content join its tool's domains), lowers the turn's decision (and makes it internal only) when
 * they require it. An allowed call of a tool the caller runs ends the turn with it
 * ({@value #RESULTS_AWAITED}); the result the caller sends in its next request is labelled by the gate as one made
 * in the turn ({@link #replayed}). After {@link Tools#maxRounds()} rounds the calls are refused ({@value #ROUND_LIMIT})
 * and the model is asked without tools. Every call is recorded for the provenance and the audit record. Thread-safe: the record is synchronized; one loop runs at a time per call of the turn's backends.
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
    /** The turn ends with calls of tools the caller runs, and waits for their results. */
    static final String RESULTS_AWAITED = "tool_results_awaited";

    private final TurnState turn;
    private final PolicyDocument policy;
    private final OutboundFilter egress;
    private final SensitivityAssessor sensitivity;
    private final ContentReader reader;
    private final List<Map<String, Object>> record = new ArrayList<>();
    /** Made at the turn's first tool call: a turn without one pays nothing for it. */
    private @Nullable ToolGate gate;

    ToolRounds(TurnState turn, PolicyDocument policy, OutboundFilter egress, SensitivityAssessor sensitivity,
               ContentReader reader) {
        this.turn = turn;
        this.policy = policy;
        this.egress = egress;
        this.sensitivity = sensitivity;
        this.reader = reader;
    }

    /**
     * The policy's gate with the host's placements of the request's tools (each tool at the stricter of the policy's
     * and the host's: the host knows where its executor sends the arguments), egress-filtering under the turn's
     * current decision.
     */
    private synchronized ToolGate gate() {
        ToolGate made = gate;
        if (made == null) {
            made = ToolGate.create(policy, new TurnEgress(egress, turn), turn.request().tools().placements());
            gate = made;
        }
        return made;
    }

    /**
     * The reply to {@code request} once the model answers without a tool call, or asks for calls of tools the caller
     * runs that the gate allows: then the reply's calls are those, as the gate lets them leave, and the turn awaits
     * them ({@link TurnState#awaitedToolCalls()}); the other calls of that round are not answered, since the round
     * goes on in the caller's next request, where the model may ask for them again. {@code send} sends each round's
     * request through the turn's governed backends. A request that offers no tool is sent once. The rounds of the
     * request's tool exchange count towards {@link Tools#maxRounds()}.
     */
    BackendReply run(ChatRequest request, Function<ChatRequest, BackendReply> send) {
        ChatRequest current = request;
        Tools tools = turn.request().tools();
        for (int round = turn.conversationState().toolRounds() + 1; ; round++) {
            BackendReply reply = send.apply(current);
            List<Part.ToolCall> calls = reply.reply().toolCalls();
            if (calls.isEmpty() || current.tools().isEmpty()) {
                return reply;
            }
            boolean limit = round > tools.maxRounds();
            List<ChatMessage> messages = new ArrayList<>(current.messages());
            messages.add(ChatMessage.toolCalls(reply.text(), calls));
            List<Part.ToolCall> awaited = new ArrayList<>();
            ChatRequest asked = current;
            for (Part.ToolCall call : calls) {
                Part.ToolResult answered = limit ? refusedAtLimit(call)
                        : answer(call, tools, offered(asked, reply, call.name()), awaited);
                if (answered != null) {
                    messages.add(ChatMessage.toolResult(answered));
                }
            }
            if (!awaited.isEmpty()) {
                turn.await(awaited);
                turn.reasonCode(RESULTS_AWAITED);
                turn.trace("tools", awaited.size() + " call(s) of tools the caller runs allowed: the turn ends with"
                        + " them", Map.of("tools", awaited.stream().map(Part.ToolCall::name).toList()));
                return new BackendReply(reply.reply().toBuilder().toolCalls(awaited).build(), reply.target(),
                        reply.used(), reply.usedReason());
            }
            ChatRequest.Builder next = current.toBuilder().messages(instructed(messages));
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

    /**
     * Whether the backend that gave {@code reply} to {@code request} was offered the tool named {@code name}: a tool
     * whose specification may not leave the house is not offered to an external backend, and a model that asks for it
     * anyway (it read the name elsewhere, or guesses) is refused. A name the request does not offer at all is left to
     * the gate and the executors.
     */
    private boolean offered(ChatRequest request, BackendReply reply, String name) {
        return request.tools().stream().filter(spec -> spec.name().equals(name)).findFirst()
                .map(spec -> turn.governedBackends().offered(reply, spec)).orElse(true);
    }

    /**
     * {@code given}, a result the caller sent of a call it ran in this turn (in the request's tool exchange),
     * labelled by the gate as a result made in the turn would be: the turn's decision lowered over its tool's domains,
     * internal only when they require it; a result the gate labels DENY (a tool the caller may not call, a domain it
     * may not see) is replaced by a refusal, and no model is given it. Recorded as a call the caller ran.
     */
    Part.ToolResult replayed(Part.ToolResult given) {
        return replayed(given, true);
    }

    /**
     * {@code given}, a result of an earlier turn that the history replays, labelled as {@link #replayed} labels one,
     * and not recorded: the audit record of its own turn lists its call.
     */
    Part.ToolResult replayedFromHistory(Part.ToolResult given) {
        return replayed(given, false);
    }

    private Part.ToolResult replayed(Part.ToolResult given, boolean ofThisTurn) {
        Part.ToolCall call = Part.ToolCall.of(given.callId(), given.name(), Map.of());
        ToolCallVerdict verdict = gate().check(toolTurn(), call);
        Read read = read(gate().result(toolTurn(), Part.ToolResult.of(given.callId(), given.name(),
                given.result())));
        ToolResultVerdict result = read.verdict();
        JsonBudget.withheldCode(given.result()).ifPresent(turn::reasonCode);
        if (result.decision() == Decision.DENY) {
            ReasonCodes codes = ReasonCodes.builder().addAll(result.reasonCodes()).add(RESULT_WITHHELD).build();
            if (ofThisTurn) {
                recorded(call, Decision.DENY, verdict, codes, result, true);
            }
            return refusal(call, codes);
        }
        apply(read);
        if (ofThisTurn) {
            recorded(call, Decision.ALLOW, verdict, verdict.reasonCodes(), result, true);
        }
        return result.result().withLabels(result.labels().join(given.labels()));
    }

    /**
     * {@code messages} with the policy's PARTIAL instruction first when a result lowered the turn to PARTIAL and the
     * model was not told yet: the outbound filter withholds what it must whatever the model writes; this tells the
     * model before it writes.
     */
    private List<ChatMessage> instructed(List<ChatMessage> messages) {
        String instruction = turn.partialInstruction();
        if (turn.decision() != Decision.PARTIAL || messages.stream().anyMatch(message ->
                message.role() == ChatRole.SYSTEM && message.text().equals(instruction))) {
            return messages;
        }
        List<ChatMessage> told = new ArrayList<>(messages.size() + 1);
        told.add(ChatMessage.system(instruction));
        told.addAll(messages);
        return told;
    }

    /**
     * What the model is given for {@code call}: a refusal (with every check it fails: the gate's, and whether the
     * backend that asked was {@code offered} the tool), the tool's failure, or the labelled result; null when the
     * caller runs the tool, whose call, as the gate lets it leave, is added to {@code awaited}.
     */
    private Part.@Nullable ToolResult answer(Part.ToolCall call, Tools tools, boolean offered,
                                             List<Part.ToolCall> awaited) {
        ToolCallVerdict verdict = gate().check(toolTurn(), call);
        Optional<ToolExecutor> executor = tools.executor(call.name());
        if (!verdict.allowed() || !offered) {
            ReasonCodes.Builder codes = ReasonCodes.builder();
            if (!verdict.allowed()) {
                codes.addAll(verdict.reasonCodes());
            }
            if (!offered) {
                codes.add(NOT_OFFERED);
            }
            return refused(call, verdict, codes.build(), null, tools.runByCaller(call.name()));
        }
        Part.ToolCall sendable = verdict.sendable().orElseThrow();
        if (tools.runByCaller(call.name())) {
            recorded(call, Decision.ALLOW, verdict, verdict.reasonCodes(), null, true);
            awaited.add(sendable);
            return null;
        }
        if (executor.isEmpty()) {
            return refused(call, verdict, ReasonCodes.of(NOT_OFFERED), null, false);
        }
        Object raw;
        try {
            raw = executor.get().execute(sendable);
        } catch (RuntimeException failure) {
            // The tool's own text may carry anything: the model and the record get the code alone.
            recorded(call, Decision.ALLOW, verdict, ReasonCodes.of(FAILED), null, false);
            turn.reasonCode(FAILED);
            return Part.ToolResult.of(call.id(), call.name(), Map.of("failed", true, "reason_codes", List.of(FAILED)));
        }
        Read read = read(gate().result(toolTurn(), Part.ToolResult.of(call.id(), call.name(), raw)));
        ToolResultVerdict result = read.verdict();
        JsonBudget.withheldCode(result.result().result()).ifPresent(turn::reasonCode);
        if (result.decision() == Decision.DENY) {
            return refused(call, verdict, ReasonCodes.builder().addAll(result.reasonCodes()).add(RESULT_WITHHELD)
                    .build(), result, false);
        }
        apply(read);
        recorded(call, Decision.ALLOW, verdict, verdict.reasonCodes(), result, false);
        return result.result();
    }

    /**
     * A tool's result as the gate labelled it, and what reading its content found: whether a marking or an
     * internal-only domain in it keeps it in the house, and by which rules.
     */
    private record Read(ToolResultVerdict verdict, SensitivityDecision byContent) {
    }

    /**
     * {@code verdict}'s result read as any other part that reaches a model is, whatever ran its tool: the domains its
     * content holds join the tool's declared {@code result_domains} (never replace them), the decision is taken again
     * over all of them for the principal, only ever lower, and a marking or an internal-only domain found in it keeps
     * the result, and so the rest of the turn, in the house. A result the gate refused is not read: no model gets it.
     */
    private Read read(ToolResultVerdict verdict) {
        if (verdict.decision() == Decision.DENY) {
            return new Read(verdict, SensitivityDecision.externalAllowed());
        }
        ContentReading reading = reader.read(verdict.result());
        if (reading.domains().isEmpty() && !reading.sensitivity().internalOnly()) {
            return new Read(verdict, reading.sensitivity());
        }
        // The gate refuses every call made without a principal, so a result it labelled has one.
        Principal principal = turn.principal().orElseThrow();
        Set<String> domains = new LinkedHashSet<>(turn.labels().domains());
        domains.addAll(verdict.labels().domains());
        domains.addAll(reading.domains());
        Decision decision = verdict.decision().mostRestrictive(reader.decision(principal, domains));
        ReasonCodes.Builder codes = ReasonCodes.builder().addAll(verdict.reasonCodes())
                .addAll(reading.sensitivity().reasonCodes());
        if (decision != verdict.decision()) {
            codes.add(ToolResultVerdict.LOWERED);
        }
        Labels labels = verdict.labels().join(new Labels(Set.copyOf(reading.domains()),
                reading.sensitivity().internalOnly(), decision));
        return new Read(new ToolResultVerdict(verdict.tool(), decision, codes.build(), verdict.evaluation(),
                verdict.result().withLabels(labels)), reading.sensitivity());
    }

    /**
     * The turn after a result: its decision never higher, its domains and sensitivity the result's too, those its
     * tool declares and those its content holds.
     */
    private void apply(Read read) {
        ToolResultVerdict result = read.verdict();
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
            List<String> rules = new ArrayList<>(byTool.rules());
            read.byContent().rules().stream().filter(rule -> !rules.contains(rule)).forEach(rules::add);
            if (turn.raiseSensitivity(new SensitivityDecision(true, rules, byTool.reasonCodes()
                    .concat(read.byContent().reasonCodes()).concat(ReasonCodes.of(INTERNAL_ONLY_BY_TOOL))))) {
                turn.trace("sensitivity", "internal only by a tool's result: " + turn.sensitivity().rules(),
                        turn.sensitivity().toWire());
            }
        }
    }

    private Part.ToolResult refusedAtLimit(Part.ToolCall call) {
        ToolCallVerdict limit = new ToolCallVerdict(call.name(), Decision.DENY, ReasonCodes.of(ROUND_LIMIT),
                gate().tool(call.name()).orElse(null), null, List.of());
        return refused(call, limit, limit.reasonCodes(), null, turn.request().tools().runByCaller(call.name()));
    }

    /** A refusal the model is given as the tool's result, with its reason codes, recorded; the turn goes on. */
    private Part.ToolResult refused(Part.ToolCall call, ToolCallVerdict verdict, ReasonCodes codes,
                                    @Nullable ToolResultVerdict result, boolean byCaller) {
        recorded(call, Decision.DENY, verdict, codes, result, byCaller);
        return refusal(call, codes);
    }

    /** The refusal of {@code call} the model is given as its result; the turn takes its reason codes. */
    private Part.ToolResult refusal(Part.ToolCall call, ReasonCodes codes) {
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

    /**
     * Records {@code call}: made ({@code ALLOW}) or refused ({@code DENY}), with {@code codes}; a call of a tool the
     * caller runs says so ({@code "run_by": "caller"}).
     */
    private synchronized void recorded(Part.ToolCall call, Decision decision, ToolCallVerdict verdict,
                                       ReasonCodes codes, @Nullable ToolResultVerdict result, boolean byCaller) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("tool", call.name());
        entry.put("call_id", call.id());
        if (byCaller) {
            entry.put("run_by", "caller");
        }
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
     * For the audit record: every call the model asked for, in order: the tool, the gate's decision and reason codes,
     * what the egress filter withheld from the arguments by kind, and the result's verdict; never the arguments or
     * the result.
     */
    synchronized List<Map<String, Object>> record() {
        return List.copyOf(record);
    }

    /**
     * For the provenance: {@link #record()} without the counts of what was withheld, which are the house's (the
     * answer's provenance is filtered under its decision, where a count would read as a figure).
     */
    synchronized List<Map<String, Object>> provenance() {
        List<Map<String, Object>> shown = new ArrayList<>(record.size());
        for (Map<String, Object> entry : record) {
            Map<String, Object> copy = new LinkedHashMap<>(entry);
            copy.remove("withheld");
            shown.add(copy);
        }
        return shown;
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
