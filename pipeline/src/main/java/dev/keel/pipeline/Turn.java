package dev.keel.pipeline;

import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.core.content.Labels;
import dev.keel.core.content.Part;
import dev.keel.core.evidence.EvidenceSet;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRequest;
import dev.keel.policy.GovernanceBundle;
import dev.keel.policy.SensitivityDecision;
import dev.keel.routing.RoutingDecision;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the steps of one governed call see of it, and how they write down what they decided. A step reads the
 * request, the governance bundle, the current decision (which only ever goes down: evidence may lower it), the
 * sensitivity, the route once routing ran and the evidence once it was collected; it reaches models only through
 * {@link #backends()}, and records its decisions in the trace and as provenance extensions, which the pipeline
 * assembles into the answer's provenance in one place.
 *
 * <p>One per call. Thread-safe, so a step may work in parallel; steps run one after another.
 */
public interface Turn {

    /** The request id: the host's, or one the pipeline's id source made. */
    String requestId();

    GovernedRequest request();

    /**
     * The conversation as this turn may send it to a model, oldest first: the request's history without the parts
     * denied for this principal (they are never replayed), then the user's message, then the request's tool exchange
     * ({@link GovernedRequest#toolExchange()}), every tool result labelled by the policy's tool gate; every part
     * labelled with its own labels joined with the turn's ({@link #labels()}). A prompt built from it carries its labels to
     * {@link #backends()}, which keeps a part labelled internal only or denied from every external backend.
     */
    List<ChatMessage> conversation();

    /**
     * The labels of everything this turn may send: the domains of the conversation and the evidence, internal only
     * when the turn must stay in the house, the current decision.
     */
    Labels labels();

    /** What governance decided before anything else ran. */
    GovernanceBundle governance();

    /** The principal the request is governed for; empty when none could be resolved (then the decision is DENY). */
    Optional<Principal> principal();

    /** The current decision: governance's, lowered to what the evidence's domains allow once evidence is in. */
    Decision decision();

    /**
     * Whether the request must stay in the house, and which policy rules said so: governance's, made stricter once
     * evidence is in when the evidence holds an internal-only domain.
     */
    SensitivityDecision sensitivity();

    /** The routing decision; empty before routing ran. */
    Optional<RoutingDecision> route();

    /** The evidence collected; empty before evidence ran, or when there is none. */
    EvidenceSet evidence();

    /** The only way to reach a model in this turn. */
    BackendCalls backends();

    /**
     * The calls of tools the caller runs that the model asked for and the tool gate allowed, with the arguments as
     * the gate lets them leave: when there are any, the turn ends with them ({@link TurnOutcome#TOOL_CALLS}) after
     * the reasoning step, and a reasoning step that checks its draft takes the model's reply that asked for them as
     * no draft to check. Empty until such a call is made.
     */
    List<Part.ToolCall> awaitedToolCalls();

    /** What a prompt must tell a model under a PARTIAL decision (the policy's wording). */
    String partialInstruction();

    /**
     * When the answer is being written again because an enforcement step found a violation, what the model must
     * be told; empty on the first attempt.
     */
    Optional<String> regenerationInstruction();

    /**
     * {@code request} as a model must receive it in this turn: under a PARTIAL decision the policy's PARTIAL
     * instruction comes first as a system message, and when an enforcement step asked for the answer again its
     * instruction comes last as a user message. The outbound filter applies whatever the model does; this tells the
     * model before it writes.
     */
    default ChatRequest instructed(ChatRequest request) {
        if (decision() != Decision.PARTIAL && regenerationInstruction().isEmpty()) {
            return request;
        }
        List<ChatMessage> messages = new ArrayList<>();
        if (decision() == Decision.PARTIAL) {
            messages.add(ChatMessage.system(partialInstruction()));
        }
        messages.addAll(request.messages());
        regenerationInstruction().ifPresent(instruction -> messages.add(ChatMessage.user(instruction)));
        return request.toBuilder().messages(messages).build();
    }

    /** Keeps {@code value} under {@code key} for the later steps of this turn. */
    <T> void put(TurnKey<T> key, T value);

    /** The value a step kept under {@code key}; empty when none did. */
    <T> Optional<T> get(TurnKey<T> key);

    /**
     * {@code text} as the caller may see it under the current decision: what the outbound filter leaves. For free
     * text a step puts into a provenance extension (the final answer is filtered by the pipeline, once).
     */
    String filtered(String text);

    /**
     * {@code value} (a plain JSON value) with every string in it {@linkplain #filtered filtered}, at any depth; map
     * keys, numbers, booleans and nulls as they are. For structured text a step records (a model's output, a plan).
     */
    default Object filteredValue(Object value) {
        if (value instanceof String text) {
            return filtered(text);
        }
        if (value instanceof Map<?, ?> map) {
            Map<Object, Object> copy = new LinkedHashMap<>();
            map.forEach((key, item) -> copy.put(key, filteredValue(item)));
            return copy;
        }
        if (value instanceof List<?> list) {
            List<Object> copy = new ArrayList<>(list.size());
            list.forEach(item -> copy.add(filteredValue(item)));
            return copy;
        }
        return value;
    }

    /** Records what a step decided, for the trace. Only filtered or Keel-made text may go into details. */
    void trace(String step, String summary, Map<String, ?> details);

    /**
     * Records {@code value} (a plain JSON value) under {@code name} in the {@code details} of this call's audit
     * record, answered or failed: what the house keeps about the call that the caller never sees (a model's output,
     * a plan); nothing recorded here reaches the answer. Every string in it is stored as the egress filter would let
     * it leave under the turn's decision ({@link #filteredValue}: credentials and the policy's other restrictions
     * withheld, under PARTIAL every figure too), unless the pipeline was built to keep it raw
     * ({@link Pipeline.Builder#rawAuditDetails}). Null removes it.
     */
    void auditDetail(String name, Object value);

    /**
     * Sets a provenance extension (a plain JSON value by name; see {@link dev.keel.core.Provenance.Builder#extension}).
     * The answer shows it filtered under its decision, as a JSON value: every string and member name read, every
     * number withheld under PARTIAL ({@link GovernedAnswer}). The names Keel sets
     * ({@link GovernedAnswer#KEEL_EXTENSIONS}) are refused.
     */
    void extension(String name, Object value);
}
